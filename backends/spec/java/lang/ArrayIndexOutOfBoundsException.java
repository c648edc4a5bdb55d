// weft's specification library: java.lang.ArrayIndexOutOfBoundsException (an unchecked exception).
package java.lang;

public class ArrayIndexOutOfBoundsException extends IndexOutOfBoundsException {
  //@ ensures true;
  public ArrayIndexOutOfBoundsException() {}

  //@ ensures true;
  public ArrayIndexOutOfBoundsException(String message) {}

  //@ ensures true;
  public ArrayIndexOutOfBoundsException(String message, Throwable cause) {}

  //@ ensures true;
  public ArrayIndexOutOfBoundsException(Throwable cause) {}
}
