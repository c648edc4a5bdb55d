// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calls inside expressions in Calvin threads: each runs as a call
// statement before its statement (check::lift), so the callee (read, no
// abstraction) is inlined there, each of its reads a step. A called method
// may require a monitor its callers hold (it is no thread: it does not
// start holding none). t2 reads x twice under the monitor: the reads agree.
/*@ global_invariant holder == 0 ==> x >= 0; */
class CallInExpression {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  /*@ requires holder == tid; */
  int read() {
    return x;
  }

  void t1() {
    synchronized (this) {
      x = read() + 1;
      //@ assert x > 0;
    }
  }

  void t2() {
    synchronized (this) {
      int y = read() - read() - 1;
      /*[/expect assertFailed:false]*/
      //@ assert y >= 0;
      /*[/end]*/
      x = 0;
    }
  }
}
