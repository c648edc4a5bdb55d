// weft's specification library: java.io.IOException (a checked exception).
package java.io;

public class IOException extends Exception {
  //@ ensures true;
  public IOException() {}

  //@ ensures true;
  public IOException(String message) {}

  //@ ensures true;
  public IOException(String message, Throwable cause) {}

  //@ ensures true;
  public IOException(Throwable cause) {}
}
