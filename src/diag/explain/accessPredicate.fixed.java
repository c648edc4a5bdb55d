// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// reset now holds m while it writes count.
class Counter {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  void reset() {
    acquire(m);
    count = 0;
    release(m);
  }
}
