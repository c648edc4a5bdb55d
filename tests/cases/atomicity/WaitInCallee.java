// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// An atomic method that calls a method that waits: the wait is inside its
// region, reported at the call.
class Latch {
  boolean done;

  synchronized void await() throws InterruptedException {
    while (!done) {
      wait();
    }
  }

  synchronized void release() {
    done = true;
    notifyAll();
  }

  /*@ atomic */
  synchronized void awaitAndReset() throws InterruptedException {
    /*[/expect notAtomic:definitely]*/
    await();
    /*[/end]*/
    done = false;
  }
}

class Waiter extends Thread {
  Latch l;

  Waiter(Latch l) {
    this.l = l;
  }

  public void run() {
    l.awaitAndReset();
  }
}

class Main {
  static void main() throws InterruptedException {
    Latch l = new Latch();
    Waiter w = new Waiter(l);
    w.start();
    l.release();
    w.join();
  }
}
