// Locking a ReentrantLock before committing it: a new lock is uncommitted
// and gives no right to lock until commit hands it the resource (Listing 17).
import java.util.concurrent.locks.*;

class Counter {
  int count;
  /*@ group resource inv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1) ** LockSet.of(bag<Object>{}); @*/
  void m() {
    Lock/*@<inv, true, true>@*/ l = new ReentrantLock/*@<inv>@*/();
    /*[/expect preFailed:perm]*/l.lock() /*@ with { S = bag<Object>{}; p = 1; } @*//*[/end]*/;
  }
}
