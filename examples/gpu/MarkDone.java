// Ghost code at an atomic step (`then`): each thread records in the ghost array
// done that it has made its increment. The group invariant holds half of every
// element of done; the thread holds the other half of its own, so inside the
// atomic step (and only there) it may write its element.
class MarkDone {
  /*@ given local int done[gsize];
      group invariant Perm(x, 1) ** Perm(done[*], 1\2) ** 0 <= x;
      requires Perm(done[ltid], 1\2) ** done[ltid] == 0;
      ensures Perm(done[ltid], 1\2) ** done[ltid] == 1; @*/
  kernel void mark(local int x) {
    atomic_inc(x) /*@ then { done[ltid] = 1; } @*/;
  }
}
