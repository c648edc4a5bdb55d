// weft's specification library: java.lang.NegativeArraySizeException (an unchecked exception).
package java.lang;

public class NegativeArraySizeException extends RuntimeException {
  //@ ensures true;
  public NegativeArraySizeException() {}

  //@ ensures true;
  public NegativeArraySizeException(String message) {}

  //@ ensures true;
  public NegativeArraySizeException(String message, Throwable cause) {}

  //@ ensures true;
  public NegativeArraySizeException(Throwable cause) {}
}
