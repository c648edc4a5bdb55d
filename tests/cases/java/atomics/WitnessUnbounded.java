// A witness of a resource that may be held more than once: each fraction of
// `inv` is half a permission, so two threads' worth of `inv` can be held at
// once and showing `inv(1/2)` rules out nothing (`exceeds` is false).
import java.util.concurrent.atomic.*;

public class WitnessUnbounded {
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p / 2);
    frac share(role r, int c) { return (r == S && c >= 0 && c <= 2) ? c / 2 : 0; }
    pred trans(role r, int c, int n) =
      (r == T && c > 0 && n == c - 1) || (r == T && c < 2 && n == c + 1);
  @*/

  /*@ ensures Perm(sync, 1/2) ** sync.handle(T, 2, 1); @*/
  WitnessUnbounded() {
    /*@ fold inv(share(S, 2)); @*/
    sync = new AtomicInteger(2);
  }

  /*@ given int d, frac p;
      requires Perm(sync, 1/2) ** sync.handle(T, d, p) ** inv(1/2);
      ensures Perm(sync, 1/2) ** inv(1/2); @*/
  void giveBack() {
    int c = sync.get() /*@ with { r = T; d = d; p = p; w = 1/2; } @*/;
    /*[/expect assertFailed:false]*/
    /*@ fold sync.trans(T, c, c + 1); @*/
    /*[/end]*/
  }
}
