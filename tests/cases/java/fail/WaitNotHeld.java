// heldFailed:perm: wait() on an object whose lock this thread does not hold.
//@ lock_invariant Perm(count, 1) ** count >= 0;
public class WaitNotHeld {
  private int count;

  //@ requires Perm(count, 1) ** count >= 0;
  public void await() throws InterruptedException {
    /*[/expect heldFailed:perm]*/
    wait();
    /*[/end]*/
  }
}
