// weft's specification library: java.lang.IllegalStateException (an unchecked exception).
package java.lang;

public class IllegalStateException extends RuntimeException {
  //@ ensures true;
  public IllegalStateException() {}

  //@ ensures true;
  public IllegalStateException(String message) {}

  //@ ensures true;
  public IllegalStateException(String message, Throwable cause) {}

  //@ ensures true;
  public IllegalStateException(Throwable cause) {}
}
