// weft's specification library: java.lang.ArrayStoreException (an unchecked exception).
package java.lang;

public class ArrayStoreException extends RuntimeException {
  //@ ensures true;
  public ArrayStoreException() {}

  //@ ensures true;
  public ArrayStoreException(String message) {}

  //@ ensures true;
  public ArrayStoreException(String message, Throwable cause) {}

  //@ ensures true;
  public ArrayStoreException(Throwable cause) {}
}
