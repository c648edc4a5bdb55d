// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calls of methods without an abstraction, inlined in the caller's thread:
// the callee's precondition is checked at the call (preFailed), its
// postcondition where its inlined body ends (postFailed, at the clause), and
// its steps are the caller's, checked in the caller's state: a monitor the
// caller holds is reentered, one it does not hold is taken, and a return out
// of a synchronized block releases it (the guarantee and the invariant are
// checked at that release, globalInvariant at the return).
/*@ global_invariant holder == 0 ==> x >= 0; */
class Cell {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  //@ requires v > 10;
  synchronized void set(int v) {
    x = v;
  }

  void tooSmall() {
    /*[/expect preFailed:false]*/
    set(5);
    /*[/end]*/
  }

  //@ ensures \result == x;
  synchronized int get() {
    return x;
  }

  int stale() {
    // x may change between get's return and the caller's read, but the
    // callee's postcondition is checked where its body ends: it holds.
    return get();
  }

  //@ ensures /*[/expect postFailed:false]*/\result == \old(x) + 1/*[/end]*/;
  synchronized int bump() {
    x = x + 1;
    return x;
  }

  void bumps() {
    // Without the monitor at the call, x may change before bump takes it.
    int r = bump();
  }

  //@ requires c;
  synchronized void leave(boolean c) {
    x = -1;
    if (c) {
      /*[/expect globalInvariant]*/
      return;
      /*[/end]*/
    }
    x = 1;
  }

  void leaves() {
    leave(true);
  }

  void reenters() {
    synchronized (this) {
      int r = get();
      // The monitor was held at the call: nobody changed x since.
      //@ assert r == x;
      x = r + 1;
    }
    // Not vacuous: the reentered block ends, and so does this thread's hold.
    /*[/expect assertFailed:false]*/
    //@ assert false;
    /*[/end]*/
  }
}
