// Calls inside expressions in Java: a call in a return value, in a
// condition guarded by &&, and in a loop condition (run at the head of
// every iteration, after the loop invariant). examples/core/calls.pvl has
// the order of evaluation in PVL.
class Cell {
  int v;

  /*@ context Perm(v, 1);
      ensures \result == \old(v) && v == \old(v) + 1; */
  int next() {
    int r = v;
    v = v + 1;
    return r;
  }

  /*@ context Perm(v, 1);
      ensures \result == (\old(v) > 0);
      ensures \old(v) > 0 ==> v == \old(v) - 1;
      ensures \old(v) <= 0 ==> v == \old(v); */
  boolean tryTake() {
    if (v > 0) {
      v = v - 1;
      return true;
    }
    return false;
  }

  /*@ context Perm(v, 1);
      ensures \result == 2 * \old(v) + 1; */
  int twice() {
    return next() + next();
  }

  /*@ context Perm(v, 1); */
  void takeIfAny() {
    int a = v;
    if (a > 0 && tryTake()) {
      //@ assert v == a - 1;
    } else {
      //@ assert v == a;
    }
  }

  /*@ context Perm(v, 1);
      requires v >= 0;
      ensures v == 0; */
  void drain() {
    //@ loop_invariant Perm(v, 1) ** v >= 0;
    while (tryTake()) {
    }
  }
}
