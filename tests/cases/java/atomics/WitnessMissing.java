// The PermitWitness program without the witness: the thread holds a permit
// but does not show it to `get`, so it cannot rule out reading 2, where the
// protocol has no step to 3.
import java.util.concurrent.atomic.*;

public class WitnessMissing {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) { return (r == S && c >= 0 && c <= 2) ? c / 2 : 0; }
    pred trans(role r, int c, int n) =
      (r == T && c > 0 && n == c - 1) || (r == T && c < 2 && n == c + 1);
  @*/

  /*@ ensures Perm(sync, 1/2) ** sync.handle(T, 2, 1); @*/
  WitnessMissing() {
    /*@ fold inv(share(S, 2)); @*/
    sync = new AtomicInteger(2);
  }

  /*@ given int d, frac p;
      requires Perm(sync, 1/2) ** sync.handle(T, d, p) ** inv(1/2);
      ensures Perm(sync, 1/2) ** inv(1/2); @*/
  void giveBack() {
    int c = sync.get() /*@ with { r = T; d = d; p = p; } @*/;
    /*[/expect assertFailed:false]*/
    /*@ fold sync.trans(T, c, c + 1); @*/
    /*[/end]*/
  }
}
