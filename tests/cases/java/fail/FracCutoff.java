// Between fractions, `-` is the thesis's cut-off subtraction (ch. 6): the
// difference, or 0 where it would be negative. A fold or unfold at an amount
// that is 0 moves nothing (`inv(0)` is `true`). A pure boolean function
// folded as if a predicate (the thesis folds its protocol's `trans`) is
// asserted.
class FracCutoff {
  int x;

  /*@ group resource r(frac p) = Perm(x, p); @*/

  /*@ pure boolean small(int v) { return v < 10; } @*/

  /*@ given frac p, q;
      requires p < q ** Perm(x, 1); @*/
  void m() {
    //@ assert q - p == q - p;
    //@ assert p - q == 0;
    //@ fold r(p - q);
    //@ fold small(3);
    /*[/expect assertFailed:false]*/
    //@ fold small(12);
    /*[/end]*/
  }
}
