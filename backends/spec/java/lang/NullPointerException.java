// weft's specification library: java.lang.NullPointerException (an unchecked exception).
package java.lang;

public class NullPointerException extends RuntimeException {
  //@ ensures true;
  public NullPointerException() {}

  //@ ensures true;
  public NullPointerException(String message) {}

  //@ ensures true;
  public NullPointerException(String message, Throwable cause) {}

  //@ ensures true;
  public NullPointerException(Throwable cause) {}
}
