// weft's specification library: java.io.UncheckedIOException (an unchecked exception).
package java.io;

public class UncheckedIOException extends RuntimeException {
  //@ ensures true;
  public UncheckedIOException() {}

  //@ ensures true;
  public UncheckedIOException(String message) {}

  //@ ensures true;
  public UncheckedIOException(String message, Throwable cause) {}

  //@ ensures true;
  public UncheckedIOException(Throwable cause) {}
}
