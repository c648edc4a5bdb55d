// Holding the read and the write lock of one ReadWriteLock at once: both have
// the ReadWriteLock as parent, and the first lock put it in the lock set.
// The lock set is written as the first lock left it ({w, parent} + S with
// S empty): the Boogie backend matches lock sets by their terms.
import java.util.concurrent.locks.*;

class Shared {
  int data;
  /*@ group resource inv(frac p) = Perm(data, p); @*/

  /*@ requires rwl != null ** rwl.initialized(1) ** LockSet.of(bag<Object>{}); @*/
  void both(ReadWriteLock/*@<inv, true>@*/ rwl) {
    Lock/*@<inv, true, true>@*/ w = rwl.writeLock() /*@ with { p = 1/2; } @*/;
    Lock/*@<inv, false, true>@*/ r = rwl.readLock() /*@ with { p = 1/2; } @*/;
    w.lock() /*@ with { S = bag<Object>{}; p = 1/2; } @*/;
    // The two locks are distinct objects (the contract does not say so).
    //@ assume (r \in bag<Object>{w, rwl}) == 0;
    /*[/expect preFailed:false]*/r.lock() /*@ with { S = bag<Object>{w, rwl} + bag<Object>{}; p = 1/2; } @*//*[/end]*/;
  }
}
