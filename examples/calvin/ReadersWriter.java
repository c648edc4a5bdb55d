// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The reader-writer lock (TMV note §6.2): w is the writer's tid (0 if none),
// r the set of the readers' tids. Thread 1 takes the lock in write mode and
// writes x; thread 2 takes it in read mode and sees x stable.
//
// The paper's annotations, in the concrete syntax:
//   RWI = (r empty || w == 0)                         global_invariant
//   RWA_i = (w == i <==> w' == i) && (i in r <==> i in r')    env_assumption
//   i in r ==> x == x',  i == 2 ==> y == y'           unwritable_by_env_if
// The paper prints A_i = RWI && ...; its prose (and the reference encoding
// calvin-boogie/rw.bpl, where the printed form fails) means RWA_i && ..., as here.
//
// weft needs more than the paper: its acquire and release operations are
// atomic primitives (<w == 0 && r == {} && w' == i>); in Java they are the
// monitor of the lock object, under which w and r are read and written (the
// extra `unwritable_by_env_if holder == tid` on both), and a blocking acquire
// is a loop that retries. The set r is ghost state (a `set<int>`), so the
// writer's test of it reads a ghost local.
/*@ global_invariant r == set<int>{} || w == 0; */
/*@ env_assumption ((\old(w) == tid) == (w == tid)) && ((tid \in \old(r)) == (tid \in r)); */
class RwLock {
  /*@ unwritable_by_env_if holder == tid; */
  int w;
  /*@ unwritable_by_env_if holder == tid; */
  //@ ghost set<int> r;
  /*@ unwritable_by_env_if tid \in r; */
  int x;
  /*@ unwritable_by_env_if tid == 2; */
  int y;

  /*@ requires tid == 1 && w == 0 && r == set<int>{}; */
  void thread1() {
    boolean done = false;
    //@ loop_invariant done ==> w == tid;
    while (!done) {
      synchronized (this) {
        int w0 = w;
        //@ ghost set<int> r0 = r;
        //@ ghost boolean noReaders = r0 == set<int>{};
        if (w0 == 0 && noReaders) {
          w = tid;
          done = true;
        }
      }
    }
    x = 3;
    synchronized (this) {
      w = 0;
    }
  }

  /*@ requires tid == 2 && w == 0 && r == set<int>{}; */
  void thread2() {
    boolean done = false;
    //@ loop_invariant done ==> tid \in r;
    while (!done) {
      synchronized (this) {
        int w0 = w;
        if (w0 == 0) {
          //@ ghost set<int> r0 = r;
          //@ set r = r0 + set<int>{tid};
          done = true;
        }
      }
    }
    y = x;
    //@ assert y == x;
    synchronized (this) {
      //@ ghost set<int> r0 = r;
      //@ set r = r0 - set<int>{tid};
    }
  }
}
