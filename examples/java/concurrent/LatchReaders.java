// The simplified CountDownLatch (thesis's Listing 19): two workers each get
// half of the resource (read access to `data`) and a count-down ticket
// held(1/2); counting down hands the share to the latch. The main thread
// keeps initialized(1) and, once awaited, has the whole resource back and
// may write again.
import java.util.concurrent.*;

class Data {
  int data;

  /*@ group resource dinv(frac p) = Perm(data, p); @*/

  /*@ requires Perm(data, 1); ensures Perm(data, 1); @*/
  void readTwice() throws InterruptedException {
    CountDownLatch/*@<dinv>@*/ latch = new CountDownLatch/*@<dinv>@*/(2);
    //@ fold dinv(1);
    Reader/*@<dinv>@*/ a = new Reader/*@<dinv>@*/(this, latch);
    Reader/*@<dinv>@*/ b = new Reader/*@<dinv>@*/(this, latch);
    //@ fold a.preFork();
    a.start();
    //@ fold b.preFork();
    b.start();
    latch.await() /*@ with { p = 1; } @*/;
    //@ unfold latch.inv(1);
    data = 42;
  }
}

/*@ given group (frac -> resource) dinv; @*/
class Reader extends Thread {
  final Data d;
  final CountDownLatch/*@<dinv>@*/ latch;
  int seen;

  /*@ resource preFork() = d != null ** latch != null ** latch.inv$owner == d
        ** latch.count == 2 ** latch.held(1/2) ** latch.inv(1/2) ** Perm(seen, 1); @*/

  /*@ ensures start() ** this.d == d ** this.latch == latch ** Perm(seen, 1); @*/
  Reader(Data d, CountDownLatch/*@<dinv>@*/ latch) {
    super();
    this.d = d;
    this.latch = latch;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    //@ unfold latch.inv(1/2);
    seen = d.data;
    //@ fold latch.inv(1/2);
    latch.countDown();
    //@ fold postJoin(1);
  }
}
