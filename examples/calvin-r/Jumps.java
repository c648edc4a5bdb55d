// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// `break` and `continue` in a Calvin-R method: the allocator of
// examples/calvin-r/Allocator.java (the paper's fig. 3), giving up after four
// blocks. A `continue` stays in the reduced sequence the iteration began; a
// `break` ends it as the loop's end does (it must be a skip or the action of
// the last witness: actionMismatch at the `break` otherwise), and the next
// sequence starts after the loop. tests/cases/calvin-r/JumpBugs.java: a
// `break` and a `continue` that keep a block's mutex.
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
  public int allocFew() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      boolean used = bits[i];
      if (used) {
        release(l[i]);
        if (i >= 3) {
          break;
        }
        continue;
      }
      bits[i] = true;
      /*@ witness "Allocated"; */
      return i;
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  // No spec: check 1 only (each access allowed), with jumps.
  /*@ requires l != null && bits != null && l.length == bits.length; */
  public int countFree() {
    int n = 0;
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      boolean used = bits[i];
      release(l[i]);
      if (used) {
        continue;
      }
      n++;
    }
    return n;
  }
}
