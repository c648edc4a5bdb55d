// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// increment holds m from its read to its write: four steps, one atomic step.
class Counter {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void increment() {
    acquire(m);
    int j = count;
    count = j + 1;
    release(m);
  }
}
