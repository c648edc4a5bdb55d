// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The time-varying mutex (TMV note §6.3) without the invariant I: a thread
// holding the inode's mutex may find the inode allocated but the busy bit
// clear, and its write of the block is then another thread's to protect.
// And threads that break the discipline.
/*@ global_invariant mInode != null && mBusy != null && mInode != mBusy; */
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

  /*@ requires inode == busy; */
  void thread1() {
    synchronized (mInode) {
      if (!inode) {
        synchronized (mBusy) {
          busy = true;
        }
        inode = true;
      }
      /*[/expect envAssumption]*/
      block = 1;
      /*[/end]*/
    }
  }

  // Writes the block whether or not it is free.
  void thread2() {
    synchronized (mBusy) {
      /*[/expect envAssumption]*/
      block = 0;
      /*[/end]*/
    }
  }

  // Clears the busy bit without the inode's mutex.
  void freesBlock() {
    synchronized (mBusy) {
      /*[/expect guarantee]*/
      busy = false;
      /*[/end]*/
    }
  }
}

class Mutex {
}
