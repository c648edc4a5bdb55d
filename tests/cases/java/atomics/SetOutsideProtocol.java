// A write the protocol does not allow: the producer may only move E to F.
import java.util.concurrent.atomic.*;

public class SetOutsideProtocol {
  final int E = 0, F = 1;
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) =
      (r == P && c == E && n == F) || (r == C && c == F && n == E);
    frac share(role r, int s) {
      return (r == P && s == E) ? 1 : ((r == C && s == F) ? 1 : 0);
    }
  @*/

  /*@ ensures Perm(data, 1) ** sync.handle(P, E, 1) ** sync.handle(C, E, 1); @*/
  SetOutsideProtocol() {
    sync = new AtomicInteger(E);
  }

  /*@ requires sync.handle(C, E, 1); @*/
  void consumeEarly() {
    /*[/expect preFailed:false]*/ sync.set(F) /*@ with { r = C; d = E; p = 1; } @*/ /*[/end]*/;
  }
}
