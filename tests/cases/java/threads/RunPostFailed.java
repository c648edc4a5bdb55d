// postFailed: a run that does not give back what postJoin promises.
class Cell {
  int v;
}

class Leaky extends Thread {
  final Cell c;

  /*@
    resource preFork() = Perm(c.v, 1);
    group resource postJoin(frac p) = Perm(c.v, p);
  @*/

  //@ ensures start() ** c == cell;
  Leaky(Cell cell) {
    c = cell;
  }

  /*@ requires preFork(); ensures /*[/expect postFailed:perm]*/postJoin(1)/*[/end]*/; @*/
  public void run() {
    //@ unfold preFork();
    c.v = c.v + 1;
  }
}
