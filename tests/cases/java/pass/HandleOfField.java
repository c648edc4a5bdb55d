// The thesis's ch. 5 writes `handle(T, U, 1)` for the handle of the class's
// one AtomicInteger: a predicate the class does not declare is its field's
// when exactly one field's class declares it.
import java.util.concurrent.atomic.*;

public class HandleOfField {
  final int U = 0, L = 1;
  final AtomicInteger sync;
  int data;

  /*@ group inv(frac p) = Perm(data, p);
      pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
      frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; } @*/

  /*@ ensures handle(T, U, 1); @*/
  HandleOfField() {
    //@ fold inv(1);
    sync = new AtomicInteger(U);
  }

  /*@ given frac f;
      requires handle(T, L, f) ** inv(1);
      ensures handle(T, U, f); @*/
  void unlock() {
    sync.set(U) /*@ with { r = T; d = L; p = f; } @*/;
  }
}
