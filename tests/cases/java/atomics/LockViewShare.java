// shareSanity: a spin lock whose locked view also holds the resource. The
// thread that wins compareAndSet(U, L) takes the synchroniser's share AND
// its view's: twice the resource.
import java.util.concurrent.atomic.*;

public class LockViewShare {
  final int U = 0, L = 1;
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
    frac share(role r, int s) { return (r == S && s == U) || (r == T && s == L) ? 1 : 0; }
  @*/

  /*@ ensures sync.handle(T, U, 1); @*/
  LockViewShare() {
    //@ fold inv(1);
    sync = /*[/expect shareSanity]*/ new AtomicInteger(U) /*[/end]*/;
  }
}
