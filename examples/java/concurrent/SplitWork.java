// The thesis's Listing 25, corrected and completed: N = 4 workers each fill one
// cell of an array and count down a latch with that cell's permission;
// main awaits once and has the whole array back. The latch is the improved
// CountDownLatch (Listing 20): cdRes(i) is what worker i hands in, awRes(j)
// what awaiting thread j gets. The library's lemma, proved for this
// instantiation, checks that the N cells handed in give the one array out.
import java.util.concurrent.*;

/*@ given (int -> resource) cdRes; given (int -> resource) awRes; @*/
class Worker implements Runnable {
  final Example example;
  final int id;
  final CountDownLatch/*@<cdRes, awRes, 4, 1>@*/ latch;

  /*@ ensures this.example == example ** this.id == id ** this.latch == latch; @*/
  Worker(Example example, int id, CountDownLatch/*@<cdRes, awRes, 4, 1>@*/ latch) {
    this.example = example;
    this.id = id;
    this.latch = latch;
  }

  // What the thread needs: the right to count down once, the cell, and the
  // fact that the latch's resources are this example's.
  /*@ requires latch != null ** latch.cdRes$owner == example;
      requires latch.held(id) ** latch.cdRes(id); @*/
  public void run() {
    //@ unfold latch.cdRes(id);
    example.locations[id] = id;
    //@ fold latch.cdRes(id);
    latch.countDown() /*@ with { i = id; } @*/;
  }
}

class Example {
  final int[] locations;

  /*@
    resource cdRes(int i) =
      locations != null ** locations.length == 4 ** 0 <= i && i < 4 ** Perm(locations[i], 1);
    resource awRes(int j) =
      j == 0 ==> (locations != null ** locations.length == 4
                  ** (\forall* int k; 0 <= k && k < 4; Perm(locations[k], 1)));
  @*/

  /*@ ensures this.locations != null ** this.locations.length == 4
        ** (\forall* int k; 0 <= k && k < 4; Perm(this.locations[k], 1)); @*/
  Example() {
    locations = new int[4];
  }

  /*@ requires locations != null ** locations.length == 4
        ** (\forall* int k; 0 <= k && k < 4; Perm(locations[k], 1));
      ensures (\forall* int k; 0 <= k && k < 4; Perm(locations[k], 1)); @*/
  void splitWork() throws InterruptedException {
    CountDownLatch/*@<cdRes, awRes, 4, 1>@*/ latch = new CountDownLatch/*@<cdRes, awRes, 4, 1>@*/(4);
    /*@ loop_invariant 0 <= i && i <= 4;
        loop_invariant latch.cdRes$owner == this ** latch.awRes$owner == this;
        loop_invariant (\forall* int k; i <= k && k < 4; latch.held(k));
        loop_invariant (\forall* int k; i <= k && k < 4; Perm(locations[k], 1)); @*/
    for (int i = 0; i < 4; i++) {
      //@ fold latch.cdRes(i);
      new Thread(new Worker/*@<cdRes, awRes>@*/(this, i, latch)).start();
    }
    latch.await() /*@ with { j = 0; } @*/;
    //@ unfold latch.awRes(0);
  }
}
