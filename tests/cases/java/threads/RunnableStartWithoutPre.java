// preFailed: starting a thread on a runnable without run's precondition.
class Cell {
  int v;
}

class Incr implements Runnable {
  private final Cell c;

  //@ ensures this.c == c;
  Incr(Cell c) {
    this.c = c;
  }

  //@ requires c != null ** Perm(c.v, 1);
  //@ ensures c != null ** Perm(c.v, 1);
  public void run() {
    c.v = c.v + 1;
  }
}

class Main {
  //@ requires x != null ** Perm(x.v, 1/2);
  void m(Cell x) {
    Thread t = new Thread(new Incr(x));
    /*[/expect preFailed:perm]*/t.start();/*[/end]*/
  }
}
