// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calls of methods without a performs spec: the paper inlines their bodies
// (§3), so the callee's steps are the caller's steps, and its precondition
// is checked at the call. add's lock-step-release is its caller's one
// atomic action (grab and drop are helpers that take and give back the
// mutex); read's one action is get's critical section.
// tests/cases/calvin-r/InlineBugs.java: broken variants.
class Pair {
  int m /*@ accessible_if m == 0 || m == tid */;
  int a /*@ accessible_if m == 0 || m == tid */;

  // A helper without a spec: only checked for its accesses on its own (it
  // needs the mutex), and inlined where it is called.
  /*@ requires m == tid; */
  void bumpHeld(int k) {
    int x = a;
    a = x + k;
  }

  void grab() {
    acquire(m);
  }

  /*@ requires m == tid; */
  void drop() {
    release(m);
  }

  /*@ performs action (a) { \old(m) == 0 && a == \old(a) + 2 * k } */
  void add(int k) {
    grab();
    bumpHeld(k);
    bumpHeld(k);
    drop();
  }

  int get() {
    acquire(m);
    int x = a;
    release(m);
    return x;
  }

  /*@ performs action () { \old(m) == 0 && \result == \old(a) } */
  int read() {
    int r = get();
    return r;
  }
}
