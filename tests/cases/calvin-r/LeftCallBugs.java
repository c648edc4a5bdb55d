// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calls after the non-mover that are no left movers
// (examples/calvin-r/LeftCalls.java): the caller does not have the
// callee's location alone, or the callee's action may block.
class Flags {
  int m /*@ accessible_if m == 0 || m == tid */;
  boolean flag /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  // Never blocks, but needs flag, which the caller does not hold alone.
  /*@ performs action (flag) { flag } */
  void raise() {
    acquire(m);
    flag = true;
    release(m);
  }

  // Blocks until m is free.
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void increment() {
    acquire(m);
    int j = count;
    count = j + 1;
    release(m);
  }

  /*@ performs action (count, flag) { \old(m) == 0 && count == \old(count) + 1 && flag } */
  void incThenRaise() {
    acquire(m);
    int j = count;
    count = j + 1;
    release(m);
    /*[/expect notAtomic]*/
    raise();
    /*[/end]*/
  }

  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 2 } */
  void incTwice() {
    increment();
    /*[/expect notAtomic]*/
    increment();
    /*[/end]*/
  }
}
