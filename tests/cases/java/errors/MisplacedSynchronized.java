// expect-error: typeError:misplaced
// synchronized needs a class with a lock invariant.
public class MisplacedSynchronized {
  private int count;

  public void incr() {
    synchronized (/*[/expect typeError:misplaced]*/this/*[/end]*/) {
      count++;
    }
  }
}
