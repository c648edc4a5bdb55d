// shareSanity: the latch's protocol is sane only for a positive count (at
// num = 0 the synchroniser's share is 0 where the waiter takes everything);
// the constructor allows 0, so the obligation at the `new` fails there.
import java.util.concurrent.atomic.*;

public class LatchCountUnchecked {
  int data;
  /*@ ghost final int num; @*/
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) {
      return (r == S && c >= 0 && c <= num && num > 0) ? ((num - c) / num) : ((r == P && c == 0) ? 1 : 0); }
    pred trans(role r, int c, int n) = r == A && c > 0 && n == c - 1;
  @*/

  /*@ requires count >= 0;
      ensures sync.handle(A, count, 1) ** sync.handle(P, count, 1); @*/
  LatchCountUnchecked(int count) {
    /*@ set num = count; @*/
    /*[/expect shareSanity]*/sync = new AtomicInteger(count);/*[/end]*/
  }
}
