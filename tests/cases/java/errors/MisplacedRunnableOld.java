// expect-error: typeError:misplaced
// A join has no state of the start to refer to: a runnable started with
// new Thread(r) may not use \old in run's postcondition.
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
  //@ ensures c != null ** Perm(c.v, 1) ** c.v == /*[/expect typeError:misplaced]*/\old(c.v)/*[/end]*/ + 1;
  public void run() {
    c.v = c.v + 1;
  }
}

class Main {
  //@ requires x != null ** Perm(x.v, 1);
  void m(Cell x) {
    new Thread(new Incr(x)).start();
  }
}
