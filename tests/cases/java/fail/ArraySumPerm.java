// perm: summing an array needs permission to every element.
class ArraySumPerm {
  /*@ requires a != null ** a.length == 2 ** Perm(a[0], 1\2); @*/
  void m(int[] a) {
    //@ assert /*[/expect perm]*/(\sum a[*])/*[/end]*/ == (\sum a[*]);
  }
}
