// assertFailed: a field declared `ReentrantLock/*@<cellInv>@*/` must hold a
// lock of THIS object's `cellInv`; a lock passed in may protect another
// Cell's (checked where the constructor assigns the field).
import java.util.concurrent.locks.*;

class Cell {
  int v;
  final ReentrantLock/*@<cellInv>@*/ lock;

  /*@ group resource cellInv(frac p) = Perm(v, p); @*/

  Cell(ReentrantLock/*@<cellInv>@*/ l) {
    /*[/expect assertFailed:false]*/
    lock = l;
    /*[/end]*/
  }
}
