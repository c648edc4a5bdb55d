// The thesis's Listing 6: an increment whose read and write are under two
// separate acquisitions of the lock. It is free of data races, but another
// thread may increment in between: the invariant that the counter equals
// the number of increments cannot be restored.
import java.util.concurrent.locks.*;

class Counter {
  int count;
  int incs;
  /*@ group resource inv(frac p) = Perm(count, p) ** Perm(incs, p) ** count == incs; @*/

  /*@ requires l != null ** l.inv$owner == this ** l.initialized(1) ** LockSet.of(bag<Object>{});
      ensures l.initialized(1) ** LockSet.of(bag<Object>{}); @*/
  void incr(Lock/*@<inv, true, true>@*/ l) {
    l.lock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
    //@ unfold l.inv(1);
    int tmp = count;
    //@ fold l.inv(1);
    l.unlock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
    l.lock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
    //@ unfold l.inv(1);
    count = tmp + 1;
    incs = incs + 1;
    /*[/expect foldFailed:false]*///@ fold l.inv(1);
    /*[/end]*/l.unlock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
  }
}
