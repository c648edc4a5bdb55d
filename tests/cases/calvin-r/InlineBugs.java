// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calls of methods without a spec (examples/calvin-r/Inline.java), broken:
// the inlined body's steps count as the caller's.
class Pair {
  int m /*@ accessible_if m == 0 || m == tid */;
  int a /*@ accessible_if m == 0 || m == tid */;

  /*@ requires m == tid; */
  void bumpHeld(int k) {
    int x = a;
    a = x + k;
  }

  // In twice, the second inlined copy of this acquire is not atomic: the
  // failure is at the callee's step.
  void get() {
    /*[/expect notAtomic]*/
    acquire(m);
    /*[/end]*/
    int x = a;
    release(m);
  }

  // The helper's precondition (the mutex held) fails at the call.
  void unlocked() {
    /*[/expect preFailed:false]*/
    bumpHeld(1);
    /*[/end]*/
  }

  // Two inlined critical sections are not one atomic step: the second
  // acquire (inside get, marked there) comes after the first release.
  /*@ performs action () { \old(m) == 0 } */
  void twice() {
    get();
    get();
  }

  // The inlined body does not do what the spec says.
  /*@ performs action (a) { \old(m) == 0 && a == \old(a) + 2 } */
  void once() {
    acquire(m);
    bumpHeld(1);
    release(m);
  /*[/expect actionMismatch]*/}/*[/end]*/
}
