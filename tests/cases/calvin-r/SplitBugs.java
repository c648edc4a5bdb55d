// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// tests/cases/calvin-r/Split.java, broken: split into single accesses,
// each access is checked against the access predicates, and the steps
// between the read and the write against reduction.
class SplitBugs {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;
  int racy /*@ accessible_if true */;

  // Without the mutex: the read already breaks count's access predicate.
  void unlocked() {
    /*[/expect accessPredicate]*/
    count = count + 1;
    /*[/end]*/
  }

  // A racy counter (any thread may access it at any time): the read and
  // the write are each atomic, but two non-movers are not one atomic step
  // (another thread may increment in between).
  /*@ performs action (racy) { racy == \old(racy) + 1 } */
  void racyIncrement() {
    /*[/expect notAtomic]*/
    racy = racy + 1;
    /*[/end]*/
  }
}
