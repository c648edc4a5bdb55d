// Documents a known difference from Java (see the README's "Intrinsic locks"):
// weft's locks, like VerCors's, are not reentrant. Re-acquiring a lock this
// method knows it holds is a deadlock in the model, so what follows is
// unreachable and verifies vacuously; Java would re-enter and go on.
//@ lock_invariant Perm(count, 1) ** count >= 0;
public class SyncReentry {
  private int count;

  //@ requires committed(this);
  public synchronized void nested() {
    synchronized (this) {
      assert false; // unreachable in weft's model
    }
  }
}
