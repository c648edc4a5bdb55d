// notMaintained:false: a do-while invariant the body breaks. (It is checked before
// each test of the condition: after the first run of the body, then after each.)
public class NotMaintained {
  //@ requires n > 1;
  public static void m(int n) {
    int i = 0;
    /*[/expect notMaintained:false]*/
    //@ loop_invariant i <= n;
    /*[/end]*/
    do {
      i += 2;
    } while (i < n);
  }
}
