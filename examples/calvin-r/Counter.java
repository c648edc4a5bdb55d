// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R's Counter (fig. 1): count is protected by the int mutex m, the
// tid of the thread holding it (0 when free). increment acquires m, reads
// count into a local, writes it back plus one and releases m: four steps
// that reduce to one atomic step (acquire and the two accesses are right
// movers, release a left mover), which the performs spec describes.
//
// The paper's annotations as it writes them; acquire(m) and release(m) are
// the paper's atomic operations `when m == 0 do m = tid` and `m = 0`.
// tests/cases/calvin-r/CounterBugs.java: the broken variants.
class Counter {
  int m /*@ accessible_if m == 0 || m == tid */;
  int count /*@ accessible_if m == 0 || m == tid */;

  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void increment() {
    acquire(m);
    int j = count;
    j++;
    count = j;
    release(m);
  }
}
