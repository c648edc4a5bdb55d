// Two permits of `data` in an atomic integer: the synchroniser holds c/2 of
// it while c permits are left. A thread that holds a permit and shows it to
// `get` (the witness `w`) learns that it cannot read 2, so it may take the
// step c -> c + 1, which the protocol allows only below 2.
import java.util.concurrent.atomic.*;

public class PermitWitness {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) { return (r == S && c >= 0 && c <= 2) ? c / 2 : 0; }
    pred trans(role r, int c, int n) =
      (r == T && c > 0 && n == c - 1) || (r == T && c < 2 && n == c + 1);
  @*/

  /*@ ensures Perm(sync, 1/2) ** sync.handle(T, 2, 1); @*/
  PermitWitness() {
    /*@ fold inv(share(S, 2)); @*/
    sync = new AtomicInteger(2);
  }

  /*@ given int d, frac p;
      requires Perm(sync, 1/2) ** sync.handle(T, d, p) ** inv(1/2);
      ensures Perm(sync, 1/2) ** inv(1/2); @*/
  void giveBack() {
    int c = sync.get() /*@ with { r = T; d = d; p = p; w = 1/2; } @*/;
    /*@ fold sync.trans(T, c, c + 1); @*/
  }
}
