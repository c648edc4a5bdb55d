// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// tests/cases/atomicity/AbstractClass.java, broken: inc reads and writes
// count without the monitor, which main writes too; the subclass's copy,
// which the harness runs, is not atomic.
abstract class Base {
  int count;

  /*@ atomic */
  void inc() {
    int c = count;
    /*[/expect notAtomic:possibly]*/
    count = c + 1;
    /*[/end]*/
  }
}

class Impl extends Base {
}

class Worker extends Thread {
  Impl b;

  Worker(Impl b) {
    this.b = b;
  }

  public void run() {
    b.inc();
  }
}

class Main {
  static void main() throws InterruptedException {
    Impl b = new Impl();
    Worker w = new Worker(b);
    w.start();
    b.inc();
    w.join();
  }
}
