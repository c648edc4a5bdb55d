// weft's specification library: java.lang.ClassCastException (an unchecked exception).
package java.lang;

public class ClassCastException extends RuntimeException {
  //@ ensures true;
  public ClassCastException() {}

  //@ ensures true;
  public ClassCastException(String message) {}

  //@ ensures true;
  public ClassCastException(String message, Throwable cause) {}

  //@ ensures true;
  public ClassCastException(Throwable cause) {}
}
