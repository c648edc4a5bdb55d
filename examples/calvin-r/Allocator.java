// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R's block allocator (fig. 3, from the Daisy file system): the
// mutex l[j] guards the allocation bit bits[j]. alloc tries the blocks in
// turn: each acquire-test-release reduces to one atomic step that changes
// nothing (a skip), and the final acquire-test-set, which returns with the
// block's mutex held, to the action "Allocated"; if no block is free, the
// last step is "NoBlocks". free releases a block its thread holds.
//
// Written as Java allows: the arrays are instance fields (`int[] l`, not
// `static int l[NBLOCKS]`), NBLOCKS is l.length, clauses end with `;`, each
// /*@ … */ is closed, and the loop has its invariant (the paper's checker
// unrolled loops). tests/cases/calvin-r/AllocatorBugs.java: broken variants.
class Allocator {
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
}
