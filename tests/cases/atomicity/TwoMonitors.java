// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// copy reads the source under its monitor, then writes the target under
// another: R B L R B L, a right mover after a left mover at the second
// synchronized.
class Cell {
  int v;

  /*@ atomic */
  void copy(Cell from) {
    int x = 0;
    synchronized (from) {
      x = from.v;
    }
    /*[/expect notAtomic:possibly]*/
    synchronized (this) {
    /*[/end]*/
      v = x;
    }
  }
}

class Copier extends Thread {
  Cell to;
  Cell from;

  Copier(Cell to, Cell from) {
    this.to = to;
    this.from = from;
  }

  public void run() {
    to.copy(from);
  }
}

class Main {
  static void main() throws InterruptedException {
    Cell a = new Cell();
    Cell b = new Cell();
    Copier c = new Copier(a, b);
    c.start();
    synchronized (b) {
      b.v = 7;
    }
    c.join();
  }
}
