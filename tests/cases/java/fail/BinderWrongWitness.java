// postFailed:false: the value `settle` folds `held` with (its ?w) is 2.
class BinderWrongWitness {
  int x;

  /*@ resource held(int d, frac p) = Perm(x, p) ** x == d; @*/

  /*@ requires Perm(x, 1);
      ensures held(?w, 1) ** /*[/expect postFailed:false]*/w > 3/*[/end]*/; @*/
  void settle() {
    x = 2;
    //@ fold held(x, 1);
  }
}
