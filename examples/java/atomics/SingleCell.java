// SingleCell (the thesis's Listings 30, 32 and 33): threads race to put a
// value in a cell (E: empty, W: being written, D: done); the winner writes
// and publishes, the others wait and compare.
//
// weft rejects its protocol (shareSanity): after the winner's set(D) every
// thread's view D holds a read share `+0` of `data`, but the winner gave the
// synchroniser only `+0` of the whole permission it won, so it keeps `1 − +0`
// while the readers' shares come from nowhere; with its own view share it
// holds all of `data` again and may write while others read. The thesis's
// sanity condition (Figure 5.6: the shares at each snapshot add up to at most
// one) does not see the permission the winner keeps; weft's does
// (`passes::java::protocol`).
//
// As in the thesis, but: `sync` is final and `handle` is `sync.handle`, and
// findOrPut returns COLN where the listing's branches fall off its end.
import java.util.concurrent.atomic.*;

public class SingleCell {
  final private int E = 0, W = 1, D = 2;
  final private int PUT = 0, SEEN = 1, COLN = 2;
  private final AtomicInteger sync;
  private int data;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) = (c == E && n == W) || (c == W && n == D);
    frac share(role r, int v) {
      return (r == S && v == E) ? 1 :
        ((r == S && v == D) ? +0 : ((r == T && v == D) ? +0 : 0));
    }
  @*/

  /*@ ensures sync.handle(T, E, 1); @*/
  SingleCell() {
    //@ fold inv(1);
    sync = /*[/expect shareSanity]*/ new AtomicInteger(E) /*[/end]*/;
  }

  /*@
    given frac f;
    requires sync.handle(T, E, f);
    ensures sync.handle(T, D, f);
    ensures \result == PUT ==> PointsTo(data, +0, v);
    ensures \result == SEEN ==> PointsTo(data, +0, v);
  @*/
  int findOrPut(int v) {
    boolean won = sync.compareAndSet(E, W) /*@ with { r = T; p = f; } @*/;
    if (won) {
      //@ unfold inv(1);
      data = v;
      //@ fold inv(1);
      sync.set(D) /*@ with { r = T; d = W; p = f; } @*/;
      return PUT;
    }
    int s = sync.get() /*@ with { r = T; d = E; p = f; } @*/;
    if (s != E) {
      //@ loop_invariant sync.handle(T, s, f) ** sync.inv(sync.share(T, s));
      while (s == W) {
        s = sync.get() /*@ with { r = T; d = W; p = f; } @*/;
      }
      if (s == D) {
        if (data == v) return SEEN;
        else return COLN;
      }
    }
    return COLN;
  }
}
