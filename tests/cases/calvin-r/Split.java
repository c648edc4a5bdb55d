// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// A statement that reads and writes the shared state in one (`count =
// count + 1`) is, as Java runs it, a read and a write: weft splits it into
// single accesses, each a step of its own (`int t = count; count = t + 1;`),
// which the paper's reduction then makes one atomic action again while the
// thread holds the mutex. tests/cases/calvin-r/SplitBugs.java: the same
// without the mutex.
class Split {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;
  int total /*@ accessible_if m == 0 || m == tid */;

  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void increment() {
    acquire(m);
    count = count + 1;
    release(m);
  }

  /*@ performs action (total) { \old(m) == 0 && total == \old(count) + \old(total) } */
  void add() {
    acquire(m);
    int sum = count + total;
    total = sum;
    release(m);
  }
}
