// weft's specification library: java.lang.InterruptedException. weft does
// not model interrupts: no library method throws it (`throws
// InterruptedException` adds no exceptional exit), so a handler runs only for
// one the program throws itself.
package java.lang;

public class InterruptedException extends Exception {
  //@ ensures true;
  public InterruptedException() {}

  //@ ensures true;
  public InterruptedException(String message) {}
}
