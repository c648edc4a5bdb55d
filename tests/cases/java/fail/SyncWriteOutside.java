// assignFieldFailed: writing a field the lock protects outside `synchronized`.
//@ lock_invariant Perm(count, 1) ** count >= 0;
public class SyncWriteOutside {
  private int count;

  //@ requires committed(this);
  public synchronized void incr() {
    count = count + 1;
  }

  //@ requires committed(this);
  public void reset() {
    /*[/expect assignFieldFailed]*/
    count = 0;
    /*[/end]*/
  }
}
