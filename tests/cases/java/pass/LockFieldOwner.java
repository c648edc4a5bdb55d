// A final field declared `ReentrantLock/*@<cellInv>@*/` protects THIS object's
// `cellInv`: no `lock.inv$owner == this` clause is needed to use it, in the
// class or through another object's field.
import java.util.concurrent.locks.*;

class Cell {
  int v;
  final ReentrantLock/*@<cellInv>@*/ lock;

  /*@ group resource cellInv(frac p) = Perm(v, p); @*/

  //@ ensures lock.initialized(1);
  Cell() {
    //@ fold cellInv(1);
    lock = new ReentrantLock/*@<cellInv>@*/();
    //@ lock.commit();
  }

  /*@ given frac p;
      context lock.initialized(p) ** LockSet.of(bag<Object>{}); @*/
  void set(int x) {
    lock.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold lock.inv(1);
    v = x;
    //@ fold lock.inv(1);
    lock.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }
}

class User {
  /*@ given frac p;
      context c != null ** c.lock.initialized(p) ** LockSet.of(bag<Object>{}); @*/
  static void poke(Cell c) {
    c.lock.lock() /*@ with { S = bag<Object>{}; p = p; } @*/;
    //@ unfold c.lock.inv(1);
    c.v = 7;
    //@ fold c.lock.inv(1);
    c.lock.unlock() /*@ with { S = bag<Object>{}; p = p; } @*/;
  }
}
