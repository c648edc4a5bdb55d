// weft's specification library: java.lang.Throwable, the root of Java's
// exceptions. An exception object carries no state weft models: its message
// and cause are opaque, and its methods read and write nothing of the
// program. A class that extends it (without fields of its own to hand
// down) is its subtype (`passes::exceptions`, `passes::dyntype`).
package java.lang;

public class Throwable {
  //@ ensures true;
  public Throwable() {}

  //@ ensures true;
  public Throwable(String message) {}

  //@ ensures true;
  public Throwable(String message, Throwable cause) {}

  //@ ensures true;
  public Throwable(Throwable cause) {}

  //@ ensures true;
  public String getMessage();

  //@ ensures true;
  public Throwable getCause();

  //@ ensures true;
  public void printStackTrace();
}
