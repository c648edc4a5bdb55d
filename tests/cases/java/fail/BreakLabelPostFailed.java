// postFailed: `break outer` leaves both loops early, so the count is short.
public class BreakLabelPostFailed {
  /*@ requires n > 1;
      /*[/expect postFailed:false]*/
      ensures \result == n;
      /*[/end]*/ @*/
  public static int count(int n) {
    int c = 0;
    outer:
    //@ loop_invariant 0 <= i && i <= n && c == i;
    for (int i = 0; i < n; i++) {
      c++;
      //@ loop_invariant c == i + 1;
      while (true) {
        break outer;
      }
    }
    return c;
  }
}
