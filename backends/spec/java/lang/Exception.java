// weft's specification library: java.lang.Exception (checked exceptions and, through RuntimeException, unchecked ones).
package java.lang;

public class Exception extends Throwable {
  //@ ensures true;
  public Exception() {}

  //@ ensures true;
  public Exception(String message) {}

  //@ ensures true;
  public Exception(String message, Throwable cause) {}

  //@ ensures true;
  public Exception(Throwable cause) {}
}
