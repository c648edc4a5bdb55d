// preFailed:false: the protocol lets a thread add one, not two.
import java.util.concurrent.atomic.*;

public class CounterSkips {
  final AtomicInteger count;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = n == c + 1;
    frac share(role r, int s) { return 0; }
  @*/

  //@ ensures count.handle(T, 0, 1);
  public CounterSkips() { count = new AtomicInteger(0); }

  /*@
    given int d, frac p;
    yields int seen;
    requires count.handle(T, d, p);
    ensures count.handle(T, seen, p);
  @*/
  public void incr() {
    //@ ghost int view = d;
    //@ loop_invariant count.handle(T, view, p);
    while (true) {
      int current = count.get() /*@ with { r = T; d = view; p = p; } @*/;
      //@ ghost view = current;
      int next = current + 2;
      boolean won = /*[/expect preFailed:false]*/count.compareAndSet(current, next) /*@ with { r = T; p = p; } @*//*[/end]*/;
      if (won) {
        //@ ghost seen = next;
        return;
      }
    }
  }
}
