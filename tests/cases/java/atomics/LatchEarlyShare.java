// shareSanity: a latch whose waiter holds a share at 1, from which the
// count still steps down: a share the synchroniser goes on exchanging.
//
import java.util.concurrent.atomic.*;

public class LatchEarlyShare {
  int data;
  /*@ ghost final int num; @*/
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) {
      return (r == S && c >= 0 && c <= num && num > 0) ? ((num - c) / num) : ((r == P && c <= 1) ? 1 : 0); }
    pred trans(role r, int c, int n) = r == A && c > 0 && n == c - 1;
  @*/

  /*@ requires count > 0;
      ensures sync.handle(A, count, 1) ** sync.handle(P, count, 1); @*/
  LatchEarlyShare(int count) {
    /*@ set num = count; @*/
    /*[/expect shareSanity]*/sync = new AtomicInteger(count);/*[/end]*/
  }
}
