// expect-error: typeError:mismatch
// The semaphore's invariant is a group (it splits by fraction): a predicate
// that is not a group cannot be passed for it.
import java.util.concurrent.*;

public class MismatchGhostGroup {
  int x;
  /*@ resource r(frac p) = Perm(x, p); @*/

  public void m() {
    Semaphore/*@</*[/expect typeError:mismatch]*/r/*[/end]*/>@*/ s;
  }
}
