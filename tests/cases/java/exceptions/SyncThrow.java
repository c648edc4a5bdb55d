// An exception that leaves a synchronized block unlocks it: the lock
// invariant must hold at the throw (invariantFailed there), and a handler
// inside the block keeps the lock.
class SyncThrow {
  private int count;

  //@ resource lock_invariant() = Perm(count, 1) ** count >= 0;

  //@ requires committed(this);
  //@ signals (IllegalStateException e) true;
  void decrement() {
    synchronized (this) {
      count = count - 1;
      if (count < 0) {
        /*[/expect invariantFailed:false]*/throw new IllegalStateException();/*[/end]*/
      }
    }
  }

  //@ requires committed(this);
  //@ signals (IllegalStateException e) true;
  void decrementChecked() {
    synchronized (this) {
      if (count == 0) {
        throw new IllegalStateException();
      }
      count = count - 1;
    }
  }

  //@ requires committed(this);
  void caughtInside() {
    synchronized (this) {
      try {
        count = count - 1;
        if (count < 0) {
          throw new IllegalStateException();
        }
      } catch (IllegalStateException e) {
        count = 0;
      }
    }
  }
}
