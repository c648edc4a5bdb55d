// weft's specification library: java.lang.Error (errors).
package java.lang;

public class Error extends Throwable {
  //@ ensures true;
  public Error() {}

  //@ ensures true;
  public Error(String message) {}

  //@ ensures true;
  public Error(String message, Throwable cause) {}

  //@ ensures true;
  public Error(Throwable cause) {}
}
