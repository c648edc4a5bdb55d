// A consumer's share is only sound for one consumer at a time: a role with
// shares acts with its whole handle (here half of it: the precondition of get
// fails; two halves would both take the buffer).
import java.util.concurrent.atomic.*;

public class TwoConsumers {
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
  TwoConsumers() {
    sync = new AtomicInteger(E);
  }

  /*@ requires sync.handle(C, E, 1/2); @*/
  void consume() {
    int v = /*[/expect preFailed:false]*/ sync.get() /*@ with { r = C; d = E; p = 1/2; } @*/ /*[/end]*/;
  }
}
