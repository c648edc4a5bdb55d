// A consumer that writes the shared data under a read lock: the read lock is
// not exclusive, so it gives only a share of the invariant.
import java.util.concurrent.locks.*;

class Shared {
  int data;
  /*@ group resource inv(frac p) = Perm(data, p); @*/

  /*@ given frac q;
      requires r != null ** r.inv$owner == this ** r.initialized(q) ** LockSet.of(bag<Object>{}); @*/
  void consume(Lock/*@<inv, false, true>@*/ r) {
    r.lock() /*@ with { S = bag<Object>{}; p = q; } @*/;
    //@ unfold r.inv(q);
    /*[/expect assignFieldFailed]*/data = data + 1;/*[/end]*/
  }
}
