// A ticket dispenser: each call hands out the next number by AtomicInteger's
// getAndIncrement (the thesis's Listing 7 counter without its loop; its
// footnote 6 notes incrementAndGet is that loop). The protocol lets a thread
// only add one and protects no resource: weft checks that every value the
// integer can hold may step to the next, and the thread's view is the number
// after the ticket it took.
import java.util.concurrent.atomic.*;

public class Tickets {
  final AtomicInteger next;

  /*@
    group resource inv(frac p) = true;
    pred trans(role r, int c, int n) = n == c + 1;
    frac share(role r, int s) { return 0; }
  @*/

  //@ ensures next.handle(T, 0, 1);
  public Tickets() { next = new AtomicInteger(0); }

  /*@
    given int d, frac p;
    requires next.handle(T, d, p);
    ensures next.handle(T, \result + 1, p);
  @*/
  public int take() {
    return next.getAndIncrement() /*@ with { r = T; d = d; p = p; } @*/;
  }

  /*@
    given int d, frac p;
    requires next.handle(T, d, p);
    ensures next.handle(T, \result, p);
  @*/
  public int takeAndPeek() {
    return next.incrementAndGet() /*@ with { r = T; d = d; p = p; } @*/;
  }
}
