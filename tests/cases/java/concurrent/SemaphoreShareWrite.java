// With two permits an acquirer gets half of the invariant: it may read the
// counter but not write it.
import java.util.concurrent.*;

class Counter {
  int count;
  /*@ group resource cinv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void m() throws InterruptedException {
    //@ fold cinv(1);
    Semaphore/*@<cinv>@*/ s = new Semaphore/*@<cinv>@*/(2);
    s.acquire() /*@ with { p = 1; } @*/;
    //@ unfold s.inv(1/2);
    int seen = s.inv$owner.count;
    /*[/expect assignFieldFailed]*/s.inv$owner.count = seen + 1;/*[/end]*/
  }
}
