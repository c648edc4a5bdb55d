// perm: reading the worker's data before the join that gives it back.
class Cell {
  int v;
}

class Worker extends Thread {
  final Cell c;

  /*@
    resource preFork() = Perm(c.v, 1);
    group resource postJoin(frac p) = Perm(c.v, p);
  @*/

  //@ ensures start() ** c == cell;
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

public class ReadBeforeJoin {
  //@ requires Perm(x.v, 1);
  static void main(Cell x) throws InterruptedException {
    Worker w = new Worker(x);
    //@ fold w.preFork();
    w.start();
    int seen = /*[/expect perm]*/x.v/*[/end]*/;
    w.join() /*@ with { p = 1; } @*/;
  }
}
