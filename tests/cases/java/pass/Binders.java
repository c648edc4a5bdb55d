// `?w` in a postcondition (the thesis's Semaphore: `ensures held(?w, p)`):
// some value the rest of the postcondition names. The method yields it (the
// value it folds `held` with); a caller names it with `then { v = w; }`.
// Also: the program's own predicate `held` with two arguments.
class Binders {
  int x;

  /*@ resource held(int d, frac p) = Perm(x, p) ** x == d; @*/

  /*@ requires Perm(x, 1);
      ensures held(?w, 1) ** w > 3; @*/
  void settle() {
    x = 5;
    //@ fold held(x, 1);
  }

  /*@ requires Perm(x, 1);
      ensures Perm(x, 1) ** x > 3; @*/
  void client() {
    /*@ ghost int v = 0; @*/
    settle() /*@ then { v = w; } @*/;
    //@ unfold held(v, 1);
  }
}
