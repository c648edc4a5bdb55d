// A protocol's roles written as a set literal among AtomicInteger's ghost
// arguments, in either of the thesis's orders: `<{T}, inv, share, trans>`
// (Listing 38's) and `<inv, share, trans, {T}>` (Listing 31's).
import java.util.concurrent.atomic.*;

public class RolesFirst {
  final int U = 0, L = 1;
  final AtomicInteger/*@<{T}, inv, share, trans>@*/ sync;
  int data;

  /*@ group inv(frac p) = Perm(data, p);
      pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
      frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; } @*/

  /*@ ensures sync.handle(T, U, 1); @*/
  RolesFirst() {
    //@ fold inv(1);
    sync = new AtomicInteger/*@<{T}, inv, share, trans>@*/(U);
  }

  /*@ given frac f;
      requires sync.handle(T, U, f);
      ensures \result ? sync.handle(T, L, f) ** inv(1) : sync.handle(T, U, f); @*/
  boolean tryLock() {
    boolean won = sync.compareAndSet(U, L) /*@ with { r = T; p = f; } @*/;
    return won;
  }
}

public class RolesLast {
  final int U = 0, L = 1;
  final AtomicInteger/*@<inv, share, trans, {T}>@*/ sync;
  int data;

  /*@ group inv(frac p) = Perm(data, p);
      pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
      frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; } @*/

  /*@ ensures sync.handle(T, U, 1); @*/
  RolesLast() {
    //@ fold inv(1);
    sync = new AtomicInteger/*@<inv, share, trans, {T}>@*/(U);
  }

  /*@ given frac f;
      requires sync.handle(T, L, f) ** inv(1);
      ensures sync.handle(T, U, f); @*/
  void unlock() {
    sync.set(U) /*@ with { r = T; d = L; p = f; } @*/;
  }
}
