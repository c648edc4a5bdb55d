// A spin lock built on AtomicInteger (the thesis's Listing 35): the
// synchroniser holds the protected resource `resinv` while unlocked (U); the
// thread that moves it to locked (L) with compareAndSet takes it, and gives
// it back with set(U). The protocol (inv, trans, share) binds AtomicInteger's
// ghost parameters by name; weft checks that it creates no resource.
//
// As in the thesis, but: `sync` is final and `handle` is `sync.handle`; the
// spin loop's call is assigned to a local, the loop has its invariant, and the
// calls name their ghost arguments (`with`), proof hints the thesis leaves out.
import java.util.concurrent.atomic.*;

/*@ given group (frac -> resource) resinv; @*/
public class SpinLock {
  final int U = 0, L = 1;
  final AtomicInteger sync;

  /*@
    group inv = resinv;
    pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
    frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; }
  @*/

  /*@
    requires resinv(1);
    ensures sync.handle(T, U, 1);
  @*/
  SpinLock() {
    sync = new AtomicInteger(U);
  }

  /*@
    given frac f;
    requires sync.handle(T, U, f);
    ensures sync.handle(T, L, f) ** resinv(1);
  @*/
  void lock() {
    boolean won = sync.compareAndSet(U, L) /*@ with { r = T; p = f; } @*/;
    //@ loop_invariant won ? sync.handle(T, L, f) ** resinv(1) : sync.handle(T, U, f);
    while (!won) {
      won = sync.compareAndSet(U, L) /*@ with { r = T; p = f; } @*/;
    }
  }

  /*@
    given frac f;
    requires sync.handle(T, L, f) ** resinv(1);
    ensures sync.handle(T, U, f);
  @*/
  void unlock() {
    sync.set(U) /*@ with { r = T; d = L; p = f; } @*/;
  }
}

// A client: a counter whose field the lock protects.
class Counter {
  int count;

  /*@ group resource cinv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void bump() {
    //@ fold cinv(1);
    SpinLock/*@<cinv>@*/ l = new SpinLock/*@<cinv>@*/();
    l.lock() /*@ with { f = 1; } @*/;
    //@ unfold cinv(1);
    count = count + 1;
    //@ fold cinv(1);
    l.unlock() /*@ with { f = 1; } @*/;
  }
}
