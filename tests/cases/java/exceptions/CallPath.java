// assertFailed: after a call that may throw, the handler runs in the state
// the callee's `signals` clause gives (x == 10), not its postcondition's.
class CallPath {
  int x;

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write) ** x == 1;
  //@ signals (IllegalStateException e) Perm(x, write) ** x == 10;
  void step();

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write);
  void m() {
    try {
      step();
      //@ assert x == 1;
    } catch (IllegalStateException e) {
      /*[/expect assertFailed:false]*/
      //@ assert x == 1;
      /*[/end]*/
    }
  }
}
