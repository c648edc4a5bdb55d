// An AtomicInteger protocol whose states are not a finite set of literals
// (they run up to a bound fixed at construction, as the thesis's Semaphore's
// do): weft reads the values' bounds off the steps `trans` allows
// (0 <= v <= max here), requires them of the initial value, and `get`
// yields a value within them.
import java.util.concurrent.atomic.*;

class BoundedCounter {
  final int max;
  final AtomicInteger count;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = (c < max && n == c + 1) || (c > 0 && n == c - 1);
    frac share(role r, int s) { return 0; }
  @*/

  /*@ requires m >= 0;
      ensures count.handle(T, 0, 1); @*/
  BoundedCounter(int m) {
    max = m;
    count = new AtomicInteger(0);
  }

  /*@ given int d;
      requires count.handle(T, d, 1);
      ensures count.handle(T, \result, 1) ** 0 <= \result && \result <= max; @*/
  int read() {
    //@ fold inv(0);
    return count.get() /*@ with { r = T; d = d; p = 1; } @*/;
  }
}
