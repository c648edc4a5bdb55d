// unsupported-on: boogie Boogie does not find (num - (c - 1))/num - (num - c)/num = 1/num at countDown's compareAndSet (it gives up after 100 s)
// The thesis's CountdownLatch on AtomicInteger (ch. 6, Listing 37): active
// threads (role A) count down from `num`, each handing in its 1/num of the
// protected resource; the waiting thread (role P) spins on `get` until the
// count is 0 and then holds all of it. The thesis gives the implementation
// only; the protocol is weft's: the synchroniser holds (num - c)/num when c
// counts are left, P's view share at 0 is the whole resource.
//
// Its sanity is not a finite exploration (the states run up to a ghost
// `num`): weft states a sufficient condition at the `new` (P's share grows
// only at 0, which no step leaves, and what it takes there is what the
// synchroniser holds; `protocol::obligation`) and the backend proves it
// with the constructor's facts (`num == count > 0`).
//
// As Listing 37, but: the class is given the protected resource (`rinv`),
// `sync` is final, the ghost `num`, the roles and the protocol are declared,
// the calls name their ghost arguments (`with`), the loops have invariants,
// and countDown's handle is a group predicate `counting` (its view after the
// call is a ghost result, `?w`).
import java.util.concurrent.atomic.*;

/*@ given group (frac -> resource) rinv; @*/
public class CountdownLatch {
  /*@ ghost final int num;
      ghost Set<role> roles = {A, P};
      group inv(frac p) = rinv(p);
      group counting(int d, frac p) = sync.handle(A, d, p);
      frac share(role r, int c) {
        return (r == S && c >= 0 && c <= num && num > 0) ? ((num - c) / num)
             : ((r == P && c == 0) ? 1 : 0); }
      boolean trans(role r, int c, int n) {
        return r == A && c > 0 && n == c - 1; } @*/
  private final AtomicInteger/*@ <roles, inv, share, trans> @*/ sync;

  /*@ requires count > 0;
      ensures counting(count, 1) ** sync.handle(P, count, 1) ** num == count; @*/
  CountdownLatch(int count) {
    /*@ set num = count;
        fold inv(share(S, count)); @*/
    sync = new AtomicInteger/*@<roles, inv, share, trans>@*/(count);
    /*@ fold counting(count, 1); @*/
  }

  /*@ given int d, frac p;
      requires num > 0 ** counting(d, p) ** inv(1/num);
      ensures counting(?w, p); @*/
  void countDown() {
    /*@ unfold counting(d, p); @*/
    boolean stop = false;
    int c = 0, nextc = 0;
    /*@ ghost int view = d; @*/
    /*@ loop_invariant Perm(sync, 1/2) ** Perm(num, 1/2) ** num > 0;
        loop_invariant !stop ==> sync.handle(A, view, p) ** inv(1/num);
        loop_invariant stop ==> sync.handle(A, nextc, p); @*/
    while (!stop) {
      c = sync.get() /*@ with { r = A; d = view; p = p; } @*/;
      /*@ set view = c; @*/
      if (c > 0) {
        nextc = c - 1;
        /*@ fold sync.trans(A, c, nextc); @*/
        stop = sync.compareAndSet(c, nextc) /*@ with { r = A; p = p; } @*/;
      }
    }
    /*@ fold counting(nextc, p); @*/
  }

  /*@ given int d;
      requires num > 0 ** sync.handle(P, d, 1) ** inv(share(P, d));
      ensures sync.handle(P, 0, 1) ** inv(1); @*/
  void await() {
    int c = sync.get() /*@ with { r = P; d = d; p = 1; } @*/;
    /*@ loop_invariant Perm(sync, 1/2) ** Perm(num, 1/2) ** num > 0;
        loop_invariant sync.handle(P, c, 1) ** inv(share(P, c)); @*/
    while (c != 0) { c = sync.get() /*@ with { r = P; d = c; p = 1; } @*/; }
  }
}

// A client: two counts down hand their halves of `x` to the waiter, which
// then writes `x`.
class Shared {
  int x;
  /*@ group resource readable(frac p) = Perm(x, p); @*/

  /*@ requires Perm(x, 1); ensures Perm(x, 1) ** x == 1; @*/
  void run() {
    CountdownLatch/*@<readable>@*/ l = new CountdownLatch/*@<readable>@*/(2);
    //@ fold readable(1/2);
    //@ fold l.inv(1/2);
    l.countDown() /*@ with { d = 2; p = 1/2; } @*/;
    //@ fold readable(1/2);
    //@ fold l.inv(1/2);
    l.countDown() /*@ with { d = 2; p = 1/2; } @*/;
    l.await() /*@ with { d = 2; } @*/;
    //@ unfold l.inv(1);
    //@ unfold readable(1);
    x = 1;
  }
}
