// perm: reading what a runnable's thread owns before joining it; after the
// join the permission is back.
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
  //@ requires x != null ** Perm(x.v, 1);
  void m(Cell x) throws InterruptedException {
    Incr r = new Incr(x);
    Thread t = new Thread(r);
    t.start();
    int early = /*[/expect perm]*/x.v/*[/end]*/;
    t.join() /*@ with { p = 1; } @*/;
    int late = x.v;
  }
}
