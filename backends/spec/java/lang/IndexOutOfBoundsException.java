// weft's specification library: java.lang.IndexOutOfBoundsException (an unchecked exception).
package java.lang;

public class IndexOutOfBoundsException extends RuntimeException {
  //@ ensures true;
  public IndexOutOfBoundsException() {}

  //@ ensures true;
  public IndexOutOfBoundsException(String message) {}

  //@ ensures true;
  public IndexOutOfBoundsException(String message, Throwable cause) {}

  //@ ensures true;
  public IndexOutOfBoundsException(Throwable cause) {}
}
