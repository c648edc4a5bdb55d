// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// A wait inside an atomic method (Bogor: a `wait` in a region is definitely
// not atomic): take releases the monitor and blocks until put notifies, so
// put's whole run falls between take's steps. Each of put and take alone is
// fine as far as movers go; the wait is what Lipton's R1 forbids.
class Slot {
  int value;
  boolean full;

  /*@ atomic */
  synchronized void put(int v) {
    value = v;
    full = true;
    notifyAll();
  }

  /*@ atomic */
  synchronized int take() throws InterruptedException {
    while (!full) {
      /*[/expect notAtomic:definitely]*/
      wait();
      /*[/end]*/
    }
    full = false;
    return value;
  }
}

class Consumer extends Thread {
  Slot slot;

  Consumer(Slot slot) {
    this.slot = slot;
  }

  public void run() {
    int v = slot.take();
  }
}

class Main {
  static void main() throws InterruptedException {
    Slot s = new Slot();
    Consumer c = new Consumer(s);
    c.start();
    s.put(42);
    c.join();
  }
}
