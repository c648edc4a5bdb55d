// weft's specification library: java.lang.String as an opaque value. A
// string literal "…" is `String.literal(seq<int>{…})` (its characters'
// codes): non-null, the same object for the same text (Java interns
// literals). No operations on strings yet.
package java.lang;

public final class String {
  //@ ensures true;
  private String() {}

  /*@ ensures \result != null;
      public static pure String literal(seq<int> text); @*/
}
