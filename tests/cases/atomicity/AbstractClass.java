// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// An atomic method of an abstract class: the class has no object of its
// own, so the method runs only as its subclass's copy, which the harness
// explores (Bogor's fig. 7, RWVSN). tests/cases/atomicity/AbstractClassBug.java:
// the copy is not atomic.
abstract class Base {
  int count;

  /*@ atomic */
  synchronized void inc() {
    int c = count;
    count = c + 1;
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
