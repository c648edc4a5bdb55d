// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// The lock-protected increment (Bogor's Fig. 2, after Flanagan and Qadeer):
// acquire (a right mover), a read and a write of a field only ever
// accessed under its object's monitor (both movers), release (a left
// mover). The steps are R B B L, so inc reduces to one atomic step; get is
// R B L. Two workers increment one counter while main reads it.
class Counter {
  int count;

  /*@ atomic */
  synchronized void inc() {
    int c = count;
    count = c + 1;
  }

  /*@ atomic */
  synchronized int get() {
    return count;
  }
}

class Worker extends Thread {
  Counter counter;

  Worker(Counter counter) {
    this.counter = counter;
  }

  public void run() {
    counter.inc();
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
    int seen = c.get();
    a.join();
    b.join();
  }
}
