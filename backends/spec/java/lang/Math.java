// weft's specification library: java.lang.Math on integers. weft has no
// floating point, so `sqrt` is the integer square root: what
// `(int) Math.sqrt(a)` is for every int a >= 0 (a correctly rounded square
// root of an int never rounds up to the next integer). A negative argument
// (NaN in Java) is refused by the precondition. weft reads the result as an
// int, where javac wants a cast: programs that use it as a double are not
// supported anyway.
package java.lang;

public final class Math {
  //@ ensures true;
  private Math() {}

  /*@ requires a >= 0;
      ensures \result >= 0 && \result * \result <= a;
      ensures a < (\result + 1) * (\result + 1); @*/
  public static /*@ pure @*/ int sqrt(int a);

  //@ ensures \result == (a < b ? b : a);
  public static /*@ pure @*/ int max(int a, int b);

  //@ ensures \result == (a < b ? a : b);
  public static /*@ pure @*/ int min(int a, int b);
}
