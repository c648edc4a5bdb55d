// postFailed: the backend knows a constant's value, so a wrong claim fails.
public class ConstantValue {
  static final int N = 20;

  /*[/expect postFailed:false]*/
  //@ ensures \result == 21;
  /*[/end]*/
  public static int n() {
    return N;
  }
}
