// expect-error: notSupported
// A protocol whose states are not its literals (n == c + 1) and whose threads
// hold shares, created with an initial value the backend cannot be handed
// (a call): weft can neither explore the protocol nor state its sanity as an
// obligation at the `new`, and says so rather than passing it unchecked.
import java.util.concurrent.atomic.*;

public class StepProtocol {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) = n == c + 1;
    frac share(role r, int s) { return s == 0 ? 1 : 0; }
  @*/

  /*@ ensures \result == 0; @*/
  static int start() { return 0; }

  /*@ ensures sync.handle(T, 0, 1); @*/
  StepProtocol() {
    sync = new AtomicInteger(/*[/expect notSupported]*/start()/*[/end]*/);
  }
}
