// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The time-varying mutex (TMV note §6.3, after Frangipani): the mutex that
// protects `block` depends on `busy`. While the block is free (!busy) the
// mutex of the busy bit protects it; once allocated, the inode's mutex does.
// Thread 1 allocates the block under the inode's mutex and writes it; thread
// 2 writes it only if it is free. Both assertions hold.
//
// The paper's annotations, in the concrete syntax:
//   J_i (each mutex protects its variable)  unwritable_by_env_if on inode, busy
//   K_i (block's time-varying protection)   unwritable_by_env_if on block
//   L_i (busy is reset only by the inode's holder)   env_assumption
//   I   ((m_inode free && inode) ==> busy)  global_invariant
// The int mutexes m_inode and m_busy are the monitors of two Mutex objects
// (`holder` is the paper's m_x: the owner's tid, 0 when free); weft needs the
// extra annotations that those two fields are set, distinct and never
// written (the paper's m_inode and m_busy are global variables).
//
// tests/cases/calvin/TimeVaryingMutexBugs.java: without I, and threads that
// break the discipline.
/*@ global_invariant mInode != null && mBusy != null && mInode != mBusy; */
/*@ global_invariant (mInode.holder == 0 && inode) ==> busy; */
/*@ env_assumption (\old(mInode.holder) == tid && \old(busy)) ==> busy; */
class Tvm {
  /*@ unwritable_by_env_if true; */
  Mutex mInode;
  /*@ unwritable_by_env_if true; */
  Mutex mBusy;
  /*@ unwritable_by_env_if mInode.holder == tid; */
  boolean inode;
  /*@ unwritable_by_env_if mBusy.holder == tid; */
  boolean busy;
  /*@ unwritable_by_env_if (busy && mInode.holder == tid) || (!busy && mBusy.holder == tid); */
  int block;

  // Initially inode == busy (the paper's Init).
  /*@ requires inode == busy; */
  void thread1() {
    synchronized (mInode) {
      if (!inode) {
        synchronized (mBusy) {
          busy = true;
        }
        inode = true;
      }
      block = 1;
      //@ assert block == 1;
    }
  }

  /*@ requires inode == busy; */
  void thread2() {
    synchronized (mBusy) {
      if (!busy) {
        block = 0;
        //@ assert block == 0;
      }
    }
  }
}

class Mutex {
}
