// Ghost statements around a call (`with { … }` before it, `then { … }` after
// it, as the thesis writes them on atomic operations): a ghost counter of the
// calls made, kept equal to the field the calls change.
class GhostAroundCalls {
  int n;
  /*@ ghost int calls; @*/

  /*@ given frac p;
      requires p > 0 ** Perm(n, 1);
      ensures Perm(n, 1) ** n == \old(n) + 1; @*/
  void inc() { n = n + 1; }

  /*@ requires Perm(n, 1) ** Perm(calls, 1) ** n == calls;
      ensures Perm(n, 1) ** Perm(calls, 1) ** n == calls && n == \old(n) + 2; @*/
  void twice() {
    inc() /*@ with { p = 1/2; calls = calls + 1; } @*/;
    inc() /*@ with { p = 1; } then { calls = calls + 1; assert n == calls; } @*/;
  }
}

// `then { … }` on a returned call runs before the return.
class GhostOnReturn {
  int n;
  /*@ ghost int calls; @*/

  /*@ requires Perm(n, 1);
      ensures Perm(n, 1) ** \result == n; @*/
  int get() { return n; }

  /*@ requires Perm(n, 1) ** Perm(calls, 1);
      ensures Perm(n, 1) ** Perm(calls, 1) ** calls == \old(calls) + 1 ** \result == n; @*/
  int counted() {
    return get() /*@ then { calls = calls + 1; } @*/;
  }
}
