// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// A spin loop inside an atomic method waits for another thread's write:
// the exploration finds a cycle of states inside the method.
class Gate {
  boolean open;

  /*@ atomic */
  void pass() {
    /*[/expect notAtomic:definitely]*/
    while (!open) {
    /*[/end]*/
    }
  }
}

class Walker extends Thread {
  Gate g;

  Walker(Gate g) {
    this.g = g;
  }

  public void run() {
    g.pass();
  }
}

class Main {
  static void main() throws InterruptedException {
    Gate g = new Gate();
    Walker w = new Walker(g);
    w.start();
    g.open = true;
    w.join();
  }
}
