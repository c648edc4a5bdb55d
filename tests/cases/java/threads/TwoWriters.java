// preFailed:perm: two threads both given write permission to one field.
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

public class TwoWriters {
  //@ requires Perm(x.v, 1);
  static void main(Cell x) {
    Worker a = new Worker(x);
    Worker b = new Worker(x);
    //@ fold a.preFork();
    a.start();
    /*[/expect preFailed:perm]*/b.start()/*[/end]*/;
  }
}
