// A counter shared by two threads through a binary Semaphore (the thesis's
// Listing 18 contract): the semaphore protects the counter's invariant
// `cinv`, each thread holds half of the right to acquire, and the holder of
// the single permit gets the whole invariant, inv(1/permits) = inv(1).
import java.util.concurrent.*;

class Counter {
  int count;

  /*@ group resource cinv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void share() {
    count = 0;
    //@ fold cinv(1);
    Semaphore/*@<cinv>@*/ s = new Semaphore/*@<cinv>@*/(1);
    Incrementer/*@<cinv>@*/ a = new Incrementer/*@<cinv>@*/(s);
    Incrementer/*@<cinv>@*/ b = new Incrementer/*@<cinv>@*/(s);
    //@ fold a.preFork();
    a.start();
    //@ fold b.preFork();
    b.start();
  }
}

/*@ given group (frac -> resource) cinv; @*/
class Incrementer extends Thread {
  final Semaphore/*@<cinv>@*/ sem;

  /*@ resource preFork() = sem != null ** sem.permits == 1 ** sem.initialized(1/2); @*/

  /*@ ensures start() ** this.sem == sem; @*/
  Incrementer(Semaphore/*@<cinv>@*/ sem) {
    super();
    this.sem = sem;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    try {
      sem.acquire() /*@ with { p = 1/2; } @*/;
    } catch (InterruptedException e) {
      //@ assume false;
    }
    //@ unfold sem.inv(1);
    sem.inv$owner.count = sem.inv$owner.count + 1;
    //@ fold sem.inv(1);
    sem.release() /*@ with { p = 1/2; } @*/;
    //@ fold postJoin(1);
  }
}
