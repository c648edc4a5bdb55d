// The thesis's Listing 7: a lock-free counter, incremented by a
// compare-and-set loop on an AtomicInteger. The protocol lets a thread only
// add one (trans) and protects no resource (share is 0): weft proves the
// loop follows the protocol. `incr` yields the value it wrote.
//
// As in the thesis, but: `count` is final, the constructor and incr have
// contracts (the listing has none: it comes before chapter 2), the calls
// name their ghost arguments (`with`), and the loop has its invariant, with a
// ghost `view` for the value the thread last saw.
import java.util.concurrent.atomic.*;

public class Counter {
  final AtomicInteger count;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = n == c + 1;
    frac share(role r, int s) { return 0; }
  @*/

  //@ ensures count.handle(T, 0, 1);
  public Counter() { count = new AtomicInteger(0); }

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
      int next = current + 1;
      boolean won = count.compareAndSet(current, next) /*@ with { r = T; p = p; } @*/;
      if (won) {
        //@ ghost seen = next;
        return;
      }
    }
  }
}
