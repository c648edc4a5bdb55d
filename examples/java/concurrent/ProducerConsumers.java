// The thesis's Listings 22-24, corrected and completed: one producer writes
// the shared data under the write lock of a ReentrantReadWriteLock, two
// consumers read it under its read lock. The lock protects pcinv (all of
// `data`); the write lock is exclusive, so the producer gets all of it, and
// the read lock is shared, so each consumer gets its share p. Each thread
// starts with an empty lock set (LockSet.of) and holds a third of the right
// to use the locks.
import java.util.concurrent.locks.*;

class SProdMCons {
  int data;

  /*@ group resource pcinv(frac p) = Perm(data, p); @*/

  /*@ requires Perm(data, 1); @*/
  void main() throws InterruptedException {
    data = 0;
    //@ fold pcinv(1);
    ReadWriteLock/*@<pcinv, true>@*/ rwl = new ReentrantReadWriteLock/*@<pcinv>@*/();
    //@ rwl.commit();
    Lock/*@<pcinv, true, true>@*/ w = rwl.writeLock() /*@ with { p = 1/3; } @*/;
    Lock/*@<pcinv, false, true>@*/ r1 = rwl.readLock() /*@ with { p = 1/3; } @*/;
    Lock/*@<pcinv, false, true>@*/ r2 = rwl.readLock() /*@ with { p = 1/3; } @*/;
    Producer/*@<pcinv>@*/ producer = new Producer/*@<pcinv>@*/(this, w);
    Consumer/*@<pcinv>@*/ printer = new Consumer/*@<pcinv>@*/(this, r1);
    Consumer/*@<pcinv>@*/ log = new Consumer/*@<pcinv>@*/(this, r2);
    //@ fold producer.preFork();
    producer.start();
    //@ fold printer.preFork();
    printer.start();
    //@ fold log.preFork();
    log.start();
    producer.join() /*@ with { p = 1; } @*/;
    printer.join() /*@ with { p = 1; } @*/;
    log.join() /*@ with { p = 1; } @*/;
  }
}

/*@ given group (frac -> resource) pcinv; @*/
class Producer extends Thread {
  final Lock/*@<pcinv, true, true>@*/ lock;
  final SProdMCons example;

  /*@
    resource preFork() = lock.inv$owner == example ** lock.initialized(1/3);
  @*/

  /*@ ensures start() ** this.example == example ** this.lock == lock; @*/
  Producer(SProdMCons example, Lock/*@<pcinv, true, true>@*/ lock) {
    super();
    this.example = example;
    this.lock = lock;
  }

  /*@
    requires preFork();
    requires LockSet.of(bag<Object>{});
    ensures postJoin(1);
  @*/
  public void run() {
    //@ unfold preFork();
    produce() /*@ with { p = 1/3; } @*/;
    //@ fold postJoin(1);
  }

  /*@
    given frac p;
    requires lock.inv$owner == example;
    requires lock.initialized(p) ** LockSet.of(bag<Object>{});
    ensures lock.initialized(p) ** LockSet.of(bag<Object>{});
  @*/
  void produce() {
    lock.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold lock.inv(1);
    example.data = example.data + 1;
    //@ fold lock.inv(1);
    lock.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }
}

/*@ given group (frac -> resource) pcinv; @*/
class Consumer extends Thread {
  final Lock/*@<pcinv, false, true>@*/ lock;
  final SProdMCons example;
  int value;

  /*@
    resource preFork() = lock.inv$owner == example ** lock.initialized(1/3)
      ** Perm(value, 1);
  @*/

  /*@ ensures start() ** this.example == example ** this.lock == lock ** Perm(value, 1); @*/
  Consumer(SProdMCons example, Lock/*@<pcinv, false, true>@*/ lock) {
    super();
    this.example = example;
    this.lock = lock;
  }

  /*@
    requires preFork();
    requires LockSet.of(bag<Object>{});
    ensures postJoin(1);
  @*/
  public void run() {
    //@ unfold preFork();
    consume() /*@ with { p = 1/3; } @*/;
    //@ fold postJoin(1);
  }

  /*@
    given frac p;
    requires lock.inv$owner == example;
    requires lock.initialized(p) ** Perm(value, 1) ** LockSet.of(bag<Object>{});
    ensures lock.initialized(p) ** Perm(value, 1) ** LockSet.of(bag<Object>{});
  @*/
  void consume() {
    lock.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold lock.inv(p);
    value = example.data;
    //@ fold lock.inv(p);
    lock.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }
}
