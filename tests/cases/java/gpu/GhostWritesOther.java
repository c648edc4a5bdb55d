// Ghost code may write only what the thread and the invariant give it: another
// thread's element of done is a race.
class GhostWritesOther {
  /*@ given local int done[gsize];
      group invariant Perm(x, 1) ** Perm(done[*], 1\2) ** 0 <= x;
      requires Perm(done[ltid], 1\2) ** done[ltid] == 0;
      ensures Perm(done[ltid], 1\2) ** done[ltid] == 1; @*/
  kernel void mark(local int x) {
    atomic_inc(x) /*@ then { done[ltid] = 1; if (ltid != 0) { /*[/expect assignFieldFailed]*/done[0] = 2;/*[/end]*/ } } @*/;
  }
}
