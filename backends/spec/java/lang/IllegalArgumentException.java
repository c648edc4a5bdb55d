// weft's specification library: java.lang.IllegalArgumentException (an unchecked exception).
package java.lang;

public class IllegalArgumentException extends RuntimeException {
  //@ ensures true;
  public IllegalArgumentException() {}

  //@ ensures true;
  public IllegalArgumentException(String message) {}

  //@ ensures true;
  public IllegalArgumentException(String message, Throwable cause) {}

  //@ ensures true;
  public IllegalArgumentException(Throwable cause) {}
}
