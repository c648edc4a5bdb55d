// postFailed: `return x++;` gives x, not x + 1.
public class PostIncrementResult {
  /*[/expect postFailed:false]*/
  //@ ensures \result == x + 1;
  static int m(int x) {
    return x++;
  }
  /*[/end]*/

  //@ requires a != null ** a.length == 2;
  static void twoRanges(int[] a) {
    //@ assert (\forall int i = 0 .. a.length, int j = i .. a.length; i <= j);
    /*[/expect assertFailed:false]*/
    //@ assert (\forall int i = 0 .. a.length, int j = 0 .. a.length; i <= j);
    /*[/end]*/
  }
}
