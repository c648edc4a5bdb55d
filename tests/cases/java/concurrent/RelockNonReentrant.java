// Locking a non-reentrant lock that this thread already holds.
// The lock set is written as the first lock left it ({w, parent} + S with
// S empty): the Boogie backend matches lock sets by their terms.
import java.util.concurrent.locks.*;

class Shared {
  int data;
  /*@ group resource inv(frac p) = Perm(data, p); @*/

  /*@ requires rwl != null ** rwl.initialized(1) ** LockSet.of(bag<Object>{}); @*/
  void twice(ReadWriteLock/*@<inv, false>@*/ rwl) {
    Lock/*@<inv, true, false>@*/ w = rwl.writeLock() /*@ with { p = 1; } @*/;
    w.lock() /*@ with { S = bag<Object>{}; p = 1; } @*/;
    /*[/expect preFailed:false]*/w.lock() /*@ with { S = bag<Object>{w, rwl} + bag<Object>{}; p = 1; } @*//*[/end]*/;
  }
}
