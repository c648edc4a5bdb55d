// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The simple lock's broken threads: each fails with the code of the check it breaks.
/*@ global_invariant holder == 0 ==> x >= 0; */
/*@ env_assumption \old(y) <= y; */
class SimpleLockBugs {
  /*@ unwritable_by_env_if holder == tid; */
  int x;
  int y;

  // Writes x without the monitor: another thread holding it may not see x change.
  void noLock() {
    /*[/expect envAssumption]*/
    x = 0;
    /*[/end]*/
  }

  // Leaves x negative when it frees the monitor.
  void breaksInvariant() {
    /*[/expect globalInvariant]*/
    synchronized (this) {
      x = -1;
    }
    /*[/end]*/
  }

  // y only grows, as every thread assumes of the others.
  void decrements() {
    int t = y;
    /*[/expect guarantee]*/
    y = t - 1;
    /*[/end]*/
  }

  // Without the monitor, another thread may change x between the write and the assert.
  void racy() {
    synchronized (this) {
      x = 1;
    }
    /*[/expect assertFailed:false]*/
    //@ assert x == 1;
    /*[/end]*/
  }
}

class Other {
  SimpleLockBugs lock;

  // The monitor of a null object.
  void nullMonitor() {
    /*[/expect lockNull]*/
    synchronized (lock) {
    }
    /*[/end]*/
  }
}
