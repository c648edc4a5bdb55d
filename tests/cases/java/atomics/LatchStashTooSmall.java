// shareSanity: a latch whose waiter takes the whole resource at 0 while the
// synchroniser holds nothing there (its share stops at 1): what the waiter
// gets was never given.
import java.util.concurrent.atomic.*;

public class LatchStashTooSmall {
  int data;
  /*@ ghost final int num; @*/
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    frac share(role r, int c) {
      return (r == S && c > 0 && c <= num && num > 0) ? ((num - c) / num) : ((r == P && c == 0) ? 1 : 0); }
    pred trans(role r, int c, int n) = r == A && c > 0 && n == c - 1;
  @*/

  /*@ requires count > 0;
      ensures sync.handle(A, count, 1) ** sync.handle(P, count, 1); @*/
  LatchStashTooSmall(int count) {
    /*@ set num = count; @*/
    /*[/expect shareSanity]*/sync = new AtomicInteger(count);/*[/end]*/
  }
}
