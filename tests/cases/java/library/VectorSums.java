// A vector sum outside its sequence is refused (the library function's
// precondition); a wrong count is found.
class VectorSums {
  void outside() {
    //@ ghost seq<int> xs = seq<int>{ 1, 2 };
    /*[/expect preFailed:false]*/
    //@ assert \sum([0 .. 3], xs) == 3;
    /*[/end]*/
  }

  void wrong() {
    //@ ghost seq<int> xs = seq<int>{ 1, 2, 1 };
    //@ assert \sum([0 .. 0], \vcmp(xs, \vrep(1))) == 0;
    //@ assert \sum([0 .. 1], \vcmp(xs, \vrep(1))) == 1;
    //@ assert \sum([0 .. 2], \vcmp(xs, \vrep(1))) == 1;
    /*[/expect assertFailed:false]*/
    //@ assert \sum([0 .. 3], \vcmp(xs, \vrep(1))) == 1;
    /*[/end]*/
  }

  /*@
    given seq<int> xs;
    requires n == |xs|;
  @*/
  int count(int n) {
    int c = 0;
    int k = 0;
    //@ loop_invariant 0 <= k && k <= n;
    /*[/expect notMaintained:false]*/
    //@ loop_invariant c == \sum([0 .. k], \vcmp(xs, \vrep(0)));
    /*[/end]*/
    while (k < n) {
      c = c + 1;
      k++;
    }
    return c;
  }
}
