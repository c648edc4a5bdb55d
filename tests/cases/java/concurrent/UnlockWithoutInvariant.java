// Unlocking without giving the protected resource back: the last unlock of a
// lock takes its invariant.
import java.util.concurrent.locks.*;

class Counter {
  int count;
  /*@ group resource inv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1) ** LockSet.of(bag<Object>{}); @*/
  void m() {
    //@ fold inv(1);
    Lock/*@<inv, true, true>@*/ l = new ReentrantLock/*@<inv>@*/();
    //@ l.commit();
    l.lock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
    //@ unfold l.inv(1);
    count = count + 1;
    /*[/expect preFailed:perm]*/l.unlock() /*@ with { S = bag<Object>{}; p = 1; } @*//*[/end]*/;
  }
}
