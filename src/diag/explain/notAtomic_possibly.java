// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// inc reads and writes count without a monitor: two non-movers, so another
// thread's increment may fall between them.
class Counter {
  int count;

  /*@ atomic */
  void inc() {
    int c = count;
    /*[/expect notAtomic:possibly]*/
    count = c + 1;
    /*[/end]*/
  }
}

class Worker extends Thread {
  Counter counter;

  Worker(Counter counter) {
    this.counter = counter;
  }

  public void run() {
    counter.inc();
  }
}

class Main {
  static void main() throws InterruptedException {
    Counter c = new Counter();
    Worker a = new Worker(c);
    Worker b = new Worker(c);
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
