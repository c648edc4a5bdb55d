// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// inc holds its counter's monitor: acquire (right), read and write of a
// field only accessed under that monitor (both), release (left).
class Counter {
  int count;

  /*@ atomic */
  synchronized void inc() {
    int c = count;
    count = c + 1;
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
