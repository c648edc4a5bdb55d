// weft's specification library: java.lang.RuntimeException (unchecked exceptions).
package java.lang;

public class RuntimeException extends Exception {
  //@ ensures true;
  public RuntimeException() {}

  //@ ensures true;
  public RuntimeException(String message) {}

  //@ ensures true;
  public RuntimeException(String message, Throwable cause) {}

  //@ ensures true;
  public RuntimeException(Throwable cause) {}
}
