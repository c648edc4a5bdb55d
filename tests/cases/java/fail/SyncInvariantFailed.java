// invariantFailed:false: the end of a synchronized block unlocks, and the
// lock invariant's fact no longer holds there.
public class SyncInvariantFailed {
  private int count;

  //@ resource lock_invariant() = Perm(count, 1) ** count >= 0;

  //@ requires committed(this);
  public void decrement() {
    synchronized (this) {
      count = count - 1;
    /*[/expect invariantFailed:false]*/}/*[/end]*/
  }
}
