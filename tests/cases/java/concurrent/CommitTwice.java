// Committing a lock twice would share its resource twice: commit needs the
// uncommitted token, which the first commit used up.
import java.util.concurrent.locks.*;

class Counter {
  int count;
  int other;
  /*@ group resource inv(frac p) = Perm(count, p); @*/

  /*@ requires Perm(count, 1); @*/
  void m() {
    Lock/*@<inv, true, true>@*/ l = new ReentrantLock/*@<inv>@*/();
    //@ fold inv(1);
    //@ l.commit();
    /*[/expect preFailed:perm]*///@ l.commit();
    /*[/end]*/
  }
}
