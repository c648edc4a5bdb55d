// weft's specification library: java.lang.ArithmeticException (an unchecked exception).
package java.lang;

public class ArithmeticException extends RuntimeException {
  //@ ensures true;
  public ArithmeticException() {}

  //@ ensures true;
  public ArithmeticException(String message) {}

  //@ ensures true;
  public ArithmeticException(String message, Throwable cause) {}

  //@ ensures true;
  public ArithmeticException(Throwable cause) {}
}
