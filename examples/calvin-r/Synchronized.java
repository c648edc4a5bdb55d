// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Java's monitors in a Calvin-R program: every object of a Calvin-R class has
// the monitor owner `holder` (the id of the thread holding it, 0 when free),
// a mutex whose access predicate is `holder == 0 || holder == tid`; a field
// the monitor guards says `accessible_if holder == tid`. `synchronized (o) B`
// is the int mutex's acquire, B, and release (a right mover and a left
// mover, as `acquire(m)`/`release(m)`), unless the thread holds the monitor
// already (Java's monitors are reentrant: then neither); a return out of B
// releases it after reading its value.
//
// increment and get are one atomic step each; nested holds the monitor
// across two calls of increment (each a right mover: the thread has count
// alone after it), so it is one step too. tests/cases/calvin-r/
// SynchronizedBugs.java: a method that lets the monitor go in between, and
// an access without it.
class SyncCounter {
  int count /*@ accessible_if holder == tid */;

  /*@ performs action (count) { count == \old(count) + 1 } */
  synchronized void increment() {
    int j = count;
    count = j + 1;
  }

  /*@ performs action () { \result == \old(count) } */
  synchronized int get() {
    return count;
  }

  /*@ performs action (count) { count == \old(count) + 2 } */
  synchronized void nested() {
    increment();
    increment();
  }

  /*@ performs action (count) { \result == \old(count) && count == 0 } */
  int takeAll() {
    synchronized (this) {
      int n = count;
      count = 0;
      return n;
    }
  }
}
