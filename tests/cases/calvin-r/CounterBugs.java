// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R's Counter (examples/calvin-r/Counter.java), broken: each method
// fails with the code of the check it breaks, at the offending line.
class CounterBugs {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  // Writes count without the mutex: another thread may hold m.
  void reset() {
    /*[/expect accessPredicate]*/
    count = 0;
    /*[/end]*/
  }

  // Releases m between the read and the write: after the release (the
  // method's one non-mover) the acquire is no left mover, so the body is
  // not one atomic step (another thread may increment in between).
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void split() {
    acquire(m);
    int j = count;
    release(m);
    /*[/expect notAtomic]*/
    acquire(m);
    /*[/end]*/
    count = j + 1;
    release(m);
  }

  // Atomic, but adds two where the spec says one.
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void twice() {
    acquire(m);
    int j = count;
    count = j + 2;
    release(m);
  /*[/expect actionMismatch]*/}/*[/end]*/

  // Changes m, which the spec's modifies clause leaves out (it ends holding m).
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void keeps() {
    acquire(m);
    int j = count;
    count = j + 1;
  /*[/expect actionMismatch]*/}/*[/end]*/
}
