// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// ReadersWriters (examples/atomicity/) with a method that reads the
// waitingWriters field without the lock's monitor (main calls it while the
// writers run). Then the vector is not dominated by the lock: another
// thread can reach it while a writer holds the lock, its monitor is what
// keeps that thread out, and the vector's release in size() is a left
// mover followed by the acquire of first() in notifyWriter.
class Signal {
}

class Node {
  Signal item;
  Node next;

  Node(Signal item) {
    this.item = item;
  }
}

// A synchronized vector of monitors, as a linked list.
class Vector {
  Node head;
  Node tail;
  int count;

  /*@ atomic */
  synchronized int size() {
    return count;
  }

  /*@ atomic */
  synchronized void add(Signal x) {
    Node n = new Node(x);
    if (tail == null) {
      head = n;
    } else {
      tail.next = n;
    }
    tail = n;
    count = count + 1;
  }

  /*@ atomic */
  synchronized Signal first() {
    return head.item;
  }

  /*@ atomic */
  synchronized void removeFirst() {
    head = head.next;
    if (head == null) {
      tail = null;
    }
    count = count - 1;
  }
}

class WriteLock {
  int activeWriters;
  Vector waitingWriters;

  WriteLock() {
    waitingWriters = new Vector();
  }

  // Enters at once (true) or joins the line with its monitor (false).
  // (Not annotated here: it breaks as notifyWriter does, at add.)
  synchronized boolean startWrite(Signal mine) {
    int waiting = waitingWriters.size();
    if (activeWriters == 0 && waiting == 0) {
      activeWriters = activeWriters + 1;
      return true;
    }
    waitingWriters.add(mine);
    return false;
  }

  // Lets the oldest waiting writer in.
  /*@ atomic */
  synchronized void notifyWriter() {
    int waiting = waitingWriters.size();
    if (waiting > 0) {
      /*[/expect notAtomic:possibly]*/
      Signal oldest = waitingWriters.first();
      /*[/end]*/
      waitingWriters.removeFirst();
      synchronized (oldest) {
        oldest.notify();
      }
      activeWriters = activeWriters + 1;
    }
  }

  synchronized void afterWrite() {
    activeWriters = activeWriters - 1;
    notifyWriter();
  }

  // Holds its monitor from before it joins the line until it waits, so
  // notifyWriter's notify cannot come before the wait.
  // Reads waitingWriters without the lock's monitor: the vector is no
  // longer reached only through a field read under that monitor.
  int pending() {
    Vector q = waitingWriters;
    int n = q.size();
    return n;
  }

  void beforeWrite() throws InterruptedException {
    Signal mine = new Signal();
    synchronized (mine) {
      boolean entered = startWrite(mine);
      if (!entered) {
        mine.wait();
      }
    }
  }
}

class Writer extends Thread {
  WriteLock lock;
  int written;

  Writer(WriteLock lock) {
    this.lock = lock;
  }

  public void run() {
    lock.beforeWrite();
    written = written + 1;
    lock.afterWrite();
  }
}

class Main {
  static void main() throws InterruptedException {
    WriteLock lock = new WriteLock();
    Writer a = new Writer(lock);
    Writer b = new Writer(lock);
    a.start();
    b.start();
    int n = lock.pending();
    a.join();
    b.join();
  }
}
