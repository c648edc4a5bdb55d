// expect-error: notSupported
// A protocol whose states are not its literals (n == c + 1) and whose threads
// hold shares: weft cannot decide its sanity and says so, rather than passing
// it unchecked.
import java.util.concurrent.atomic.*;

public class StepProtocol {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) = /*[/expect notSupported]*/n == c + 1/*[/end]*/;
    frac share(role r, int s) { return s == 0 ? 1 : 0; }
  @*/

  /*@ ensures sync.handle(T, 0, 1); @*/
  StepProtocol() {
    sync = new AtomicInteger(0);
  }
}
