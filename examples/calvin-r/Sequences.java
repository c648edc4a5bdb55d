// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// performs specs built with sequence `;`, choice `[]` and iteration `*`
// (the paper's §3, "Checking arbitrary performs annotations"): every run
// must reduce to atomic steps simulated by a path of the spec with skips in
// between. weft checks the spec as an automaton over the actions' labels
// (the paper's pc): a reduced sequence ends before a blocking step (an
// acquire, a call) found after the sequence's non-mover, at a loop's head
// and at a return; there it changed nothing, or it is the action the last
// witness named and the spec allows that action after the one before
// (Follows(\old(pc), pc)); at a return the spec may end (Follows(pc, end)).
// tests/cases/calvin-r/SequenceBugs.java: broken variants.
class Two {
  int m /*@ accessible_if m == 0 || m == tid */;
  int a /*@ accessible_if m == 0 || m == tid */;
  int b /*@ accessible_if m == 0 || m == tid */;

  // Two critical sections: a's increment, then b's; not one atomic step
  // (another thread may run between them), but two in this order.
  /*@ performs action "A": (a) { \old(m) == 0 && a == \old(a) + 1 }
             ; action "B": (b) { \old(m) == 0 && b == \old(b) + 1 } */
  void both() {
    acquire(m);
    int x = a;
    a = x + 1;
    /*@ witness "A"; */
    release(m);
    acquire(m);
    int y = b;
    b = y + 1;
    /*@ witness "B"; */
    release(m);
  }

  // Any number of atomic increments of a.
  /*@ performs action "Inc": (a) { \old(m) == 0 && a == \old(a) + 1 } * */
  void many(int n) {
    int i = 0;
    //@ loop_invariant 0 <= i;
    while (i < n) {
      acquire(m);
      int x = a;
      a = x + 1;
      /*@ witness "Inc"; */
      release(m);
      i = i + 1;
    }
  }

  // One of two increments, then a reset of a.
  /*@ performs (action "IncA": (a) { \old(m) == 0 && a == \old(a) + 1 }
              [] action "IncB": (b) { \old(m) == 0 && b == \old(b) + 1 })
             ; action "Zero": (a) { \old(m) == 0 && a == 0 } */
  void pick(boolean left) {
    acquire(m);
    if (left) {
      int x = a;
      a = x + 1;
      /*@ witness "IncA"; */
    } else {
      int y = b;
      b = y + 1;
      /*@ witness "IncB"; */
    }
    release(m);
    acquire(m);
    a = 0;
    /*@ witness "Zero"; */
    release(m);
  }
}
