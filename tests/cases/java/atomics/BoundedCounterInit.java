// preFailed:false: the initial value is above the bound the protocol's
// steps keep (its values are 0 .. max).
import java.util.concurrent.atomic.*;

class BoundedCounterInit {
  final int max;
  final AtomicInteger count;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = (c < max && n == c + 1) || (c > 0 && n == c - 1);
    frac share(role r, int s) { return 0; }
  @*/

  /*@ requires m >= 0;
      ensures count.handle(T, m + 1, 1); @*/
  BoundedCounterInit(int m) {
    max = m;
    /*[/expect preFailed:false]*/count = new AtomicInteger(m + 1);/*[/end]*/
  }
}
