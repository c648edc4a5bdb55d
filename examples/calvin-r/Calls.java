// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calls between Calvin-R methods: a call is the callee's performs spec, as
// the paper desugars it (§3: `x = alloc()` is a fresh x and a choice of the
// actions' atomic steps). weft makes the call one step that does one action
// of the callee's spec (its frame and its two-state predicate, `\old` just
// before the step), after the callee's precondition is checked. The step
// accesses what the action names: it is a right mover when the thread has
// all of it alone afterwards, else the reduced sequence's non-mover (never a
// left mover: weft does not know whether the action may block).
//
// bump: one call of increment, whose action is bump's own. probe: alloc,
// then free of the block it got: alloc's "Allocated" leaves the thread
// holding l[x] (a right mover), free's "Free" is the non-mover, so probe is
// one atomic step, and it changes nothing (the bit set and cleared again).
// tests/cases/calvin-r/CallBugs.java: two calls where one atomic step is
// promised, a wrong spec, a call without the callee's precondition.
class Tally {
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

  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
  void bump() {
    increment();
  }

  // No spec: only the access check (two calls, each after the environment).
  void twice() {
    increment();
    increment();
  }
}

class Blocks {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;

  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  public int alloc() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      if (!bits[i]) {
        bits[i] = true;
        /*@ witness "Allocated"; */
        return i;
      }
      release(l[i]);
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  public void free(int i) {
    bits[i] = false;
    release(l[i]);
    /*@ witness "Free"; */
  }

  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action () { true } */
  public void probe() {
    int x = alloc();
    if (x >= 0) {
      free(x);
    }
  }
}
