// weft's specification library: java.lang.UnsupportedOperationException (an unchecked exception).
package java.lang;

public class UnsupportedOperationException extends RuntimeException {
  //@ ensures true;
  public UnsupportedOperationException() {}

  //@ ensures true;
  public UnsupportedOperationException(String message) {}

  //@ ensures true;
  public UnsupportedOperationException(String message, Throwable cause) {}

  //@ ensures true;
  public UnsupportedOperationException(Throwable cause) {}
}
