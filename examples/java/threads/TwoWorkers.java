// Two threads each increment their own cell; main starts both, joins both
// and has its permissions back. The constructor's super() gives start().
class Cell {
  int v;
}

class Worker extends Thread {
  Cell c;

  /*@
    resource preFork() = Perm(c, 1/2) ** Perm(c.v, 1);
    group resource postJoin(frac p) = Perm(c, p/2) ** Perm(c.v, p);
  @*/

  /*@ ensures start() ** Perm(c, 1) ** c == cell; @*/
  Worker(Cell cell) {
    super();
    c = cell;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    c.v = c.v + 1;
    //@ fold postJoin(1);
  }
}

public class TwoWorkers {
  /*@ requires Perm(x.v, 1) ** Perm(y.v, 1);
      ensures Perm(x.v, 1) ** Perm(y.v, 1); @*/
  static void main(Cell x, Cell y) throws InterruptedException {
    Worker a = new Worker(x);
    Worker b = new Worker(y);
    //@ fold a.preFork();
    a.start();
    //@ fold b.preFork();
    b.start();
    a.join() /*@ with { p = 1; } @*/;
    b.join() /*@ with { p = 1; } @*/;
    //@ unfold a.postJoin(1);
    //@ unfold b.postJoin(1);
  }
}
