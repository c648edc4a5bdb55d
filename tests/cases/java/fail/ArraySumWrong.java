// assertFailed:false: a sum that the writes do not give.
class ArraySumWrong {
  void m() {
    int[] a = new int[3];
    a[0] = 5;
    a[1] = 2;
    /*[/expect assertFailed:false]*/
    //@ assert (\sum a[*]) == 8;
    /*[/end]*/
  }
}
