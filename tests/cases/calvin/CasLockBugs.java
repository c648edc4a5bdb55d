// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin's SimpleLock (fig. 5) broken: each method fails with the code of the
// check it breaks (the simulation of its abstraction, a call's precondition,
// the invariant at an inlined action).
/*@ global_invariant m == 0 ==> x >= 0; */
/*@ env_assumption \old(m) == tid ==> m == \old(m); */
/*@ env_assumption \old(m) == tid ==> x == \old(x); */
class CasLockBugs {
  int x;
  int m;

  // One CAS, not retried: it may fail, and the acquire has not happened.
  /*@ action: also_modifies m ensures \old(m) == 0 && m == tid; */
  void acquireOnce() {
    int t = tid;
    atomic: {
      if (m == 0) {
        m = t;
        t = 0;
      }
    }
  /*[/expect abstraction]*/
  }
  /*[/end]*/

  // A step that is neither a stutter nor the action: it writes x.
  /*@ requires m == tid;
      action: also_modifies m ensures m == 0; */
  void releaseAndReset() {
    /*[/expect abstraction]*/
    x = 0;
    /*[/end]*/
    m = 0;
  }

  /*@ requires m == tid;
      action: also_modifies m ensures m == 0; */
  void release() {
    m = 0;
  }

  // Releases a lock it does not hold.
  /*@ requires tid == 1 && m == 0; */
  void noAcquire() {
    /*[/expect preFailed:false]*/
    release();
    /*[/end]*/
  }

  // Releases with x negative: the release step breaks I where it is called.
  /*@ action: also_modifies m ensures \old(m) == 0 && m == tid; */
  void acquire() {
    //@ ghost int pc = 1;
    int t = tid;
    //@ loop_invariant (pc == 1 && t == tid) || (pc == 2 && t == 0 && m == tid);
    while (t == tid) {
      atomic: {
        if (m == 0) {
          m = t;
          t = 0;
        }
      }
    }
  }

  /*@ requires tid == 1 && m == 0; */
  void negative() {
    acquire();
    x = -1;
    /*[/expect globalInvariant]*/
    release();
    /*[/end]*/
  }

  // Its abstraction acquires the lock, but it releases it again (the
  // inlined release is a step outside the abstraction).
  /*@ action: also_modifies m ensures \old(m) == 0 && m == tid; */
  void acquireRelease() {
    acquire();
    /*[/expect abstraction]*/
    release();
    /*[/end]*/
  }
}
