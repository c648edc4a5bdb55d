// (\sum a[*]) follows the array: a new int array sums to 0, and each write
// moves the sum by the difference between the new and the old element.
class ArraySum {
  /*@ ensures \result != null ** \result.length == 3 ** Perm(\result[*], 1);
      ensures (\sum \result[*]) == 12; @*/
  int[] fill() {
    int[] a = new int[3];
    a[0] = 5;
    a[2] = 7;
    a[1] = 3;
    a[1] = 0;
    return a;
  }

  // A caller keeps what the callee says of the sum.
  void caller() {
    int[] a = fill();
    a[0] = a[0] - 5;
    //@ assert (\sum a[*]) == 7;
  }
}
