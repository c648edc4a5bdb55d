// Only the synchroniser holds the resource, at U; a thread moving U to L takes it once.
import java.util.concurrent.atomic.*;

class Flag {
  final int U = 0, L = 1;
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
    frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; }
  @*/

  /*@ ensures sync.handle(T, U, 1); @*/
  Flag() {
    //@ fold inv(1);
    sync = new AtomicInteger(U);
  }
}
