// Releasing a permit that was never acquired: held(p) (and the share of the
// invariant) only come from acquire.
import java.util.concurrent.*;

class Counter {
  int count;
  /*@ group resource cinv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void m() {
    //@ fold cinv(1);
    Semaphore/*@<cinv>@*/ s = new Semaphore/*@<cinv>@*/(1);
    /*[/expect preFailed:perm]*/s.release() /*@ with { p = 1; } @*//*[/end]*/;
  }
}
