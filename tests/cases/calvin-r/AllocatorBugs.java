// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R's allocator (examples/calvin-r/Allocator.java), broken: each
// method fails with the code of the check it breaks, at the offending line.
class AllocatorBugs {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;

  // Keeps the mutex of a block in use: an iteration that finds bits[i] set
  // is no skip (it leaves l[i] held) and no action of the spec.
  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  public int leaks() {
    /*[/expect actionMismatch]*/
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
    /*[/end]*/
      acquire(l[i]);
      if (!bits[i]) {
        bits[i] = true;
        /*@ witness "Allocated"; */
        return i;
      }
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  // Tests the bit before it takes the block's mutex: another thread may hold it.
  /*@ requires l != null && bits != null && l.length == bits.length; */
  public int peeks() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      /*[/expect accessPredicate]*/
      if (!bits[i]) {
      /*[/end]*/
        acquire(l[i]);
        bits[i] = true;
        return i;
      }
    }
    return -1;
  }

  // Lets the mutex go between the test and the set: the re-acquire comes
  // after the sequence's non-mover (the release), so the step is not atomic.
  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  public int drops() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      if (!bits[i]) {
        release(l[i]);
        /*[/expect notAtomic]*/
        acquire(l[i]);
        /*[/end]*/
        bits[i] = true;
        /*@ witness "Allocated"; */
        return i;
      }
      release(l[i]);
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  // Claims "NoBlocks" when it allocated a block.
  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  public int mislabels() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      if (!bits[i]) {
        bits[i] = true;
        /*@ witness "NoBlocks"; */
        /*[/expect actionMismatch]*/
        return i;
        /*[/end]*/
      }
      release(l[i]);
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  // Frees the block but keeps its mutex.
  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  public void keeps(int i) {
    bits[i] = false;
    /*@ witness "Free"; */
  /*[/expect actionMismatch]*/}/*[/end]*/

  // Witnesses its action on one path only: for block 0 the method frees
  // the block but its spec's action never happens.
  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  public void forgets(int i) {
    bits[i] = false;
    release(l[i]);
    if (i > 0) {
      /*@ witness "Free"; */
    }
  /*[/expect actionMismatch]*/}/*[/end]*/
}
