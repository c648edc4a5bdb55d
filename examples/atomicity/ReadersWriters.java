// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// Writers waiting in line, each on a monitor of its own (the specific
// notification of a readers/writers lock, Bogor's Fig. 7). A writer that
// may not enter puts its private monitor in the lock's waitingWriters
// vector and waits on it; notifyWriter, synchronized on the lock, takes the
// oldest monitor out of the vector (size, first, removeFirst: three
// acquire/release pairs of the vector's monitor), notifies it inside
// synchronized (oldest), and counts the writer in. As movers this is
// R (the lock) R L R L R L (the vector) R L (oldest) ... L. But
// waitingWriters is reached only through a field every thread reads holding
// the lock's monitor, so the vector is dominated by it: its acquires and
// releases are both movers. What is left is R+ up to the release of
// oldest (which the waiting writer can reach: a left mover), then the
// count's update (protected by the lock: a both mover) and the lock's
// release: atomic. (tests/cases/atomicity/UnguardedQueue.java: a read of
// waitingWriters without the lock's monitor breaks it.)
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
  /*@ atomic */
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
      Signal oldest = waitingWriters.first();
      waitingWriters.removeFirst();
      synchronized (oldest) {
        oldest.notify();
      }
      activeWriters = activeWriters + 1;
    }
  }

  /*@ atomic */
  synchronized void afterWrite() {
    activeWriters = activeWriters - 1;
    notifyWriter();
  }

  // Holds its monitor from before it joins the line until it waits, so
  // notifyWriter's notify cannot come before the wait.
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
    Writer c = new Writer(lock);
    a.start();
    b.start();
    c.start();
    a.join();
    b.join();
    c.join();
  }
}
