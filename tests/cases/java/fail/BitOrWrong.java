// `a | b` is not `a & b`.
public class BitOrWrong {
  /*[/expect postFailed:false]*/
  //@ ensures \result == (a && b);
  static boolean or(boolean a, boolean b) {
    return a | b;
  }
  /*[/end]*/
}
