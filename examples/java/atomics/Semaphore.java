// The thesis's Semaphore on AtomicInteger (ch. 6, Listings 36, 39–41): the
// synchroniser holds c/num of the protected resource when c permits are left;
// acquire takes 1/num of it by a step c -> c - 1, release gives it back by
// c -> c + 1. weft reads the values' bounds (0 <= c <= num) off `trans`.
//
// Typos fixed: `sem.get()` is `sync.get()`, `max` is `num`, `inr` is `int`,
// `share(n)` is `share(S, n)`, the synchroniser's share at c = num is 1
// (`c <= num`), the subtraction is `-`. Completed: the calls' ghost arguments
// (`with`), the loops' invariants and the thread's view (`view`), `nextc`
// declared before the loop, `num > 0` in `share` (it divides by num), `sync`
// final, release's `d < num` before the `1/num` it guards, and `inv(1/num)` in
// acquire and release as Listing 39 writes them (Listing 40 writes `rinv`).
//
// Release's step c -> c + 1 needs c < num (`trans`). The thread knows it
// because it holds a permit: it shows `inv(1/num)` to `get` (the witness `w`),
// which tells it that the synchroniser's share in the value read plus its
// permit is at most one (AtomicInteger's `exceeds`; weft knows `inv` cannot
// be held twice because the client's `readable` is a field permission). So
// Listing 41's `fold sync.inv(…)` is left out: the thread's permit
// `inv(1/num)` already is `sync.inv(1/num)` (Listing 41 holds `rinv` instead).
import java.util.concurrent.atomic.*;

/*@ given group (frac -> resource) rinv; @*/
public class Semaphore {
  /*@ ghost final int num;
      ghost Set<role> roles = {T};
      group initialized(int d, frac p) = sync.handle(T, d, p);
      resource held(int d, frac p) = initialized(d, p);
      group inv(frac p) = rinv(p);
      frac share(role r, int c) {
        return (r == S && c >= 0 && c <= num && num > 0) ? (c / num) : 0; }
      boolean trans(role r, int c, int n) {
        return (r == T && c > 0 && n == c - 1) ||
               (r == T && c < num && n == c + 1); } @*/
  private final AtomicInteger/*@ <roles, inv, share, trans> @*/ sync;

  /*@ requires rinv(1) ** n > 0;
      ensures initialized(n, 1) ** num == n; @*/
  Semaphore(int n) {
    /*@ set num = n;
        fold inv(share(S, n)); @*/
    sync = new AtomicInteger/*@<roles, inv, share, trans>@*/(n);
    /*@ fold initialized(n, 1); @*/
  }

  /*@ given int d, frac p;
      requires initialized(d, p) ** d <= num ** d > 0;
      ensures held(?w, p) ** inv(1/num) ** w < num ** w >= 0; @*/
  public void acquire() {
    /*@ unfold initialized(d, p); @*/
    boolean stop = false; int c = 0; int nextc = 0;
    /*@ ghost int view = d; @*/
    /*@ loop_invariant Perm(sync, 1/2) ** Perm(num, 1/2) ** num > 0;
        loop_invariant !stop ==> sync.handle(T, view, p);
        loop_invariant stop ==> sync.handle(T, nextc, p) ** inv(1/num) ** nextc < num ** nextc >= 0; @*/
    while (!stop) {
      /*@ fold sync.inv(sync.share(T, view)); @*/
      c = sync.get() /*@ with { r = T; d = view; p = p; } @*/;
      /*@ set view = c; @*/
      if (c > 0) {
        nextc = c - 1;
        /*@ fold sync.trans(T, c, nextc);
            fold sync.inv(sync.share(S, nextc) - sync.share(S, c)); @*/
        stop = sync.compareAndSet(c, nextc) /*@ with { r = T; p = p; } @*/;
      }
    }
    /*@ fold initialized(nextc, p); fold held(nextc, p); @*/
  }

  /*@ given int d, frac p;
      requires held(d, p) ** d < num ** d >= 0 ** inv(1/num);
      ensures initialized(?w, p) ** w <= num ** w > 0; @*/
  public void release() {
    /*@ unfold held(d, p); unfold initialized(d, p); @*/
    boolean stop = false;
    int nextc = 0;
    /*@ ghost int view = d; @*/
    /*@ loop_invariant Perm(sync, 1/2) ** Perm(num, 1/2) ** num > 0;
        loop_invariant !stop ==> sync.handle(T, view, p) ** inv(1/num);
        loop_invariant stop ==> sync.handle(T, nextc, p) ** nextc <= num ** nextc > 0; @*/
    while (!stop) {
      /*@ fold sync.inv(sync.share(T, view)); @*/
      int c = sync.get() /*@ with { r = T; d = view; p = p; w = 1/num; } @*/;
      /*@ set view = c; @*/
      nextc = c + 1;
      /*@ fold sync.trans(T, c, nextc); @*/
      stop = sync.compareAndSet(c, nextc) /*@ with { r = T; p = p; } @*/;
    }
    /*@ fold initialized(nextc, p); @*/
  }
}

// A client: a reader of `x` through a semaphore of two permits, which
// acquires a permit, reads and releases it.
class Shared {
  int x;

  /*@ group resource readable(frac p) = Perm(x, p); @*/

  /*@ requires Perm(x, 1); @*/
  void run() {
    //@ fold readable(1);
    Semaphore/*@<readable>@*/ s = new Semaphore/*@<readable>@*/(2);
    int left = 0;
    s.acquire() /*@ with { d = 2; p = 1; } then { left = w; } @*/;
    //@ unfold s.inv(1/2);
    //@ unfold readable(1/2);
    int v = x;
    //@ fold readable(1/2);
    //@ fold s.inv(1/2);
    s.release() /*@ with { d = left; p = 1; } @*/;
  }
}
