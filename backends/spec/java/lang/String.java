// weft's specification library: java.lang.String, only as a type (so that
// `main(String[] args)` is well typed). No operations on strings yet.
package java.lang;

public final class String {
  //@ ensures true;
  private String() {}
}
