// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// A call is a left mover when the paper's rule for a step gives it: the
// callee's spec is one action that cannot block (a conjunction of guards
// on the state before and assignments of its frame's locations) and the
// caller has every location the action accesses alone before the call.
// Here free's action `l[i] == 0 && !bits[i]` only assigns; reclaim holds
// l[i], so the call after the counter's release (the non-mover) commutes
// to the left, and reclaim is one atomic step.
// tests/cases/calvin-r/LeftCallBugs.java: a call that is no left mover.
class Blocks {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  int m /*@ accessible_if m == 0 || m == tid */;
  int freed /*@ accessible_if m == 0 || m == tid */;

  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  public void free(int i) {
    bits[i] = false;
    release(l[i]);
    /*@ witness "Free"; */
  }

  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action (bits[i], l[i], freed) {
        \old(m) == 0 && freed == \old(freed) + 1 && l[i] == 0 && !bits[i]
      } */
  public void reclaim(int i) {
    acquire(m);
    int f = freed;
    freed = f + 1;
    release(m);
    free(i);
  }
}
