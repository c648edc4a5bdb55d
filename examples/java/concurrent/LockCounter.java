// The thesis's Listing 5: a counter protected by a ReentrantLock, incremented
// by two threads. The lock protects `cinv` (the counter); each thread holds
// half of the right to lock (initialized(1/2)) and starts with an empty lock
// set. Locking for the first time gives the whole invariant (the lock is
// exclusive); unlocking gives it back.
import java.util.concurrent.locks.*;

class Counter {
  int count;

  /*@ group resource cinv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void twoThreads() {
    count = 0;
    //@ fold cinv(1);
    Lock/*@<cinv, true, true>@*/ sync = new ReentrantLock/*@<cinv>@*/();
    //@ sync.commit();
    Incr/*@<cinv>@*/ a = new Incr/*@<cinv>@*/(this, sync);
    Incr/*@<cinv>@*/ b = new Incr/*@<cinv>@*/(this, sync);
    //@ fold a.preFork();
    a.start();
    //@ fold b.preFork();
    b.start();
  }

  /*@
    given frac p;
    requires sync != null ** sync.inv$owner == this;
    requires sync.initialized(p) ** LockSet.of(bag<Object>{});
    ensures sync.initialized(p) ** LockSet.of(bag<Object>{});
  @*/
  void incr(Lock/*@<cinv, true, true>@*/ sync) {
    sync.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold sync.inv(1);
    int tmp = count;
    count = tmp + 1;
    //@ fold sync.inv(1);
    sync.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }
}

/*@ given group (frac -> resource) cinv; @*/
class Incr extends Thread {
  final Counter counter;
  final Lock/*@<cinv, true, true>@*/ sync;

  /*@ resource preFork() = counter != null ** sync != null ** sync.inv$owner == counter
        ** sync.initialized(1/2); @*/

  /*@ ensures start() ** this.counter == counter ** this.sync == sync; @*/
  Incr(Counter counter, Lock/*@<cinv, true, true>@*/ sync) {
    super();
    this.counter = counter;
    this.sync = sync;
  }

  /*@
    requires preFork();
    requires LockSet.of(bag<Object>{});
    ensures postJoin(1);
  @*/
  public void run() {
    //@ unfold preFork();
    counter.incr(sync) /*@ with { p = 1/2; } @*/;
    //@ fold postJoin(1);
  }
}
