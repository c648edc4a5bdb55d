// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// examples/calvin-r/Synchronized.java, broken: each fails with the code of
// the check it breaks, at the offending line.
class SyncCounter {
  int count /*@ accessible_if holder == tid */;

  // Reads count in one synchronized block and writes it in another: after
  // the first release (the non-mover) the second acquire is no left mover;
  // another thread may increment in between.
  /*@ performs action (count) { count == \old(count) + 1 } */
  void split() {
    int j;
    synchronized (this) {
      j = count;
    }
    /*[/expect notAtomic]*/
    synchronized (this) {
    /*[/end]*/
      count = j + 1;
    }
  }

  // Writes count without the monitor.
  void unguarded() {
    /*[/expect accessPredicate]*/
    count = 0;
    /*[/end]*/
  }

  // Returns inside the block: the value is read while the monitor is held,
  // then the monitor is released; the spec says the count is kept.
  /*@ performs action () { \result == \old(count) } */
  int takeAll() {
    synchronized (this) {
      int n = count;
      count = 0;
      /*[/expect actionMismatch]*/
      return n;
      /*[/end]*/
    }
  }
}
