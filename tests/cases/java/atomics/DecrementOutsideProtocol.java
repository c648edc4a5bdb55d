// getAndDecrement on a protocol that only counts up: the step v -> v - 1 is
// not in `trans`, so the call's precondition fails.
import java.util.concurrent.atomic.*;

public class DecrementOutsideProtocol {
  final AtomicInteger next;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = n == c + 1;
    frac share(role r, int s) { return 0; }
  @*/

  //@ ensures next.handle(T, 0, 1);
  public DecrementOutsideProtocol() { next = new AtomicInteger(0); }

  /*@
    given int d, frac p;
    requires next.handle(T, d, p);
  @*/
  public void giveBack() {
    /*[/expect preFailed:false]*/
    next.getAndDecrement() /*@ with { r = T; d = d; p = p; } @*/;
    /*[/end]*/
  }
}
