// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// examples/calvin-r/Jumps.java, broken: a `break` and a `continue` that keep
// the mutex of a block in use. The reduced sequence they end (at the `break`,
// or at the loop's end after the `continue`) acquired a mutex and released
// nothing: no skip, and no action (no witness was passed): actionMismatch.
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
  public int breakHolding() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      boolean used = bits[i];
      if (used) {
        if (i >= 3) {
          /*[/expect actionMismatch]*/
          break;
          /*[/end]*/
        }
        release(l[i]);
        continue;
      }
      bits[i] = true;
      /*@ witness "Allocated"; */
      return i;
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  public int continueHolding() {
    // (The loop's span, where the sequence of an iteration ends, begins at
    // its invariant.)
    /*[/expect actionMismatch]*/
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    /*[/end]*/
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      boolean used = bits[i];
      if (used) {
        continue;
      }
      bits[i] = true;
      /*@ witness "Allocated"; */
      return i;
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }
}
