// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// reset writes count without taking the mutex m: another thread may hold it.
class Counter {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  void reset() {
    /*[/expect accessPredicate]*/
    count = 0;
    /*[/end]*/
  }
}
