// assertFailed: the second binder's range starts at 0, not at the first's.
public class TwoRangesAssert {
  //@ requires a != null ** a.length == 2;
  static void twoRanges(int[] a) {
    //@ assert (\forall int i = 0 .. a.length, int j = i .. a.length; i <= j);
    /*[/expect assertFailed:false]*/
    //@ assert (\forall int i = 0 .. a.length, int j = 0 .. a.length; i <= j);
    /*[/end]*/
  }
}
