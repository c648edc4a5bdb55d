// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin's SimpleLock (fig. 5) with its CAS mutex: x is protected by m, the
// tid of the thread holding the lock (0 if free); acquire spins on a CAS.
// Thread 1 (t1) and thread 2 (t2) start with m == 0 and x == 0; t1's
// assertion holds. acquire and release are checked against their
// abstractions (A(acquire) = <true>*; <m == 0 && m' == tid>_m; <true>*), and
// t1 and t2 call the abstractions, not the bodies.
//
// The paper's annotations, in the concrete syntax: E = (m == tid ==> m' ==
// m) && (m == tid ==> x' == x) (two env_assumption clauses, \old the
// pre-state), I = (m == 0 ==> x >= 0).
//
// weft needs more than the paper: the CAS instruction is a Java block
// labelled `atomic:` (weft takes it as one step; in Java it would be an
// AtomicInteger's compareAndSet), and acquire's loop invariant mentions the
// abstraction's program counter, which the body declares (`//@ ghost int pc
// = 1;`) — Calvin unrolled loops instead.
//
// tests/cases/calvin/CasLockBugs.java: a CAS not retried, a step outside the
// abstraction, a release without the lock, and one that breaks I.
/*@ global_invariant m == 0 ==> x >= 0; */
/*@ env_assumption \old(m) == tid ==> m == \old(m); */
/*@ env_assumption \old(m) == tid ==> x == \old(x); */
class CasLock {
  int x;
  int m;

  /*@ requires tid == 1 && m == 0 && x == 0; */
  void t1() {
    acquire();
    x = x + 1;
    //@ assert x > 0;
    release();
  }

  /*@ requires tid == 2 && m == 0 && x == 0; */
  void t2() {
    acquire();
    x = 0;
    release();
  }

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

  /*@ requires m == tid;
      action: also_modifies m ensures m == 0; */
  void release() {
    m = 0;
  }
}
