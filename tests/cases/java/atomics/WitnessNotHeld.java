// A witness the thread does not hold: `get` needs it (and gives it back).
import java.util.concurrent.atomic.*;

public class WitnessNotHeld {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) { return (r == S && c >= 0 && c <= 2) ? c / 2 : 0; }
    pred trans(role r, int c, int n) =
      (r == T && c > 0 && n == c - 1) || (r == T && c < 2 && n == c + 1);
  @*/

  /*@ ensures Perm(sync, 1/2) ** sync.handle(T, 2, 1); @*/
  WitnessNotHeld() {
    /*@ fold inv(share(S, 2)); @*/
    sync = new AtomicInteger(2);
  }

  /*@ given int d, frac p;
      requires Perm(sync, 1/2) ** sync.handle(T, d, p);
      ensures Perm(sync, 1/2); @*/
  void giveBack() {
    /*[/expect preFailed:perm]*/
    int c = sync.get() /*@ with { r = T; d = d; p = p; w = 1/2; } @*/;
    /*[/end]*/
    /*@ fold sync.trans(T, c, c + 1); @*/
  }
}
