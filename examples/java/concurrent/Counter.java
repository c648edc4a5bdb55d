// The thesis's Listing 5 (explicit locking), annotated: a Counter whose
// `count` is protected by its own ReentrantLock, incremented by two threads.
// The field's declared type `ReentrantLock/*@<countInv>@*/` says the lock's
// `inv` is THIS Counter's `countInv`: weft checks it where the constructor
// assigns `sync` and knows it wherever `sync` is read, so no client writes
// `sync.inv$owner == this` (compare LockCounter.java, which passes the lock
// as a parameter and states it). Holding `counter.sync.initialized(1/2)`
// also says that `counter.sync` is not null.
import java.util.concurrent.locks.*;

public class Counter {
  private int count;
  final ReentrantLock/*@<countInv>@*/ sync = new ReentrantLock/*@<countInv>@*/();

  /*@ group resource countInv(frac p) = Perm(count, p); @*/

  //@ ensures sync.initialized(1);
  public Counter() {
    count = 0;
    //@ fold countInv(1);
    //@ sync.commit();
  }

  /*@
    given frac p;
    requires sync.initialized(p) ** LockSet.of(bag<Object>{});
    ensures sync.initialized(p) ** LockSet.of(bag<Object>{});
  @*/
  public void incr() {
    sync.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold sync.inv(1);
    int tmp = count;
    count = tmp + 1;
    //@ fold sync.inv(1);
    sync.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }

  public static void twoThreads() {
    Counter c = new Counter();
    Incr a = new Incr(c);
    Incr b = new Incr(c);
    //@ fold a.preFork();
    a.start();
    //@ fold b.preFork();
    b.start();
  }
}

class Incr extends Thread {
  final Counter counter;

  //@ resource preFork() = counter != null ** counter.sync.initialized(1/2);

  //@ ensures start() ** this.counter == counter;
  Incr(Counter counter) {
    super();
    this.counter = counter;
  }

  /*@
    requires preFork();
    requires LockSet.of(bag<Object>{});
    ensures postJoin(1);
  @*/
  public void run() {
    //@ unfold preFork();
    counter.incr() /*@ with { p = 1/2; } @*/;
    //@ fold postJoin(1);
  }
}
