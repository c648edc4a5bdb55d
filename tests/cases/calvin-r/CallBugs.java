// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calls between Calvin-R methods (examples/calvin-r/Calls.java), broken:
// each fails with the code of the check it breaks, at the offending line.
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

  // Two atomic increments are not one: another thread may increment in
  // between. The first call is the non-mover (it frees m), the second no
  // left mover.
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 2 } */
  void bumpTwice() {
    increment();
    /*[/expect notAtomic]*/
    increment();
    /*[/end]*/
  }

  // One increment where the spec promises two.
  /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 2 } */
  void bumpWrong() {
    increment();
  /*[/expect actionMismatch]*/}/*[/end]*/
}

class Blocks {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;

  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  public void free(int i) {
    bits[i] = false;
    release(l[i]);
    /*@ witness "Free"; */
  }

  // Frees a block it does not hold: free's precondition fails at the call.
  /*@ requires l != null && bits != null && l.length == bits.length && l.length > 0; */
  public void freeFirst() {
    /*[/expect preFailed:false]*/
    free(0);
    /*[/end]*/
  }
}
