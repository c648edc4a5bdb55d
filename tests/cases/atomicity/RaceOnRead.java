// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// get holds the monitor, but main writes count without it: count is not
// protected, so get's read is a non-mover — one is allowed — and twice
// reads it: the second read breaks the pattern.
class Counter {
  int count;

  /*@ atomic */
  synchronized int twice() {
    int a = count;
    /*[/expect notAtomic:possibly]*/
    int b = count;
    /*[/end]*/
    return a + b;
  }
}

class Reader extends Thread {
  Counter c;

  Reader(Counter c) {
    this.c = c;
  }

  public void run() {
    int x = c.twice();
  }
}

class Main {
  static void main() throws InterruptedException {
    Counter c = new Counter();
    Reader r = new Reader(c);
    r.start();
    c.count = 1;
    r.join();
  }
}
