// The consumer reads the buffer before it has seen F: its view E holds no
// share of it.
import java.util.concurrent.atomic.*;

public class ReadBeforeFull {
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
  ReadBeforeFull() {
    sync = new AtomicInteger(E);
  }

  /*@ requires sync.handle(C, E, 1); @*/
  void consume() {
    int v = sync.get() /*@ with { r = C; d = E; p = 1; } @*/;
    /*[/expect unfoldFailed:perm]*/ //@ unfold inv(1);
    /*[/end]*/
  }
}
