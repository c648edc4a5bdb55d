// postFailed:false: a break leaves the loop before the invariant's promise is kept.
public class BreakPostFailed {
  /*@ requires n >= 0;
      ensures /*[/expect postFailed:false]*/\result == n/*[/end]*/; @*/
  public static int count(int n) {
    int i = 0;
    //@ loop_invariant 0 <= i && i <= n;
    while (i < n) {
      if (i == 5) {
        break;
      }
      i++;
    }
    return i;
  }
}
