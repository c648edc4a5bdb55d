// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// A work pool in the style of the replicated-workers framework (Bogor's
// Fig. 6b): takeSome, synchronized on the pool, calls size() and take() on
// the pool's collection and add() on a vector of its own, each of them
// synchronized on its vector. As movers its steps are R (the pool) R L
// (size) R L (take) ... L: a right mover after a left mover. But the
// collection is reachable only through the pool's field theCollection,
// which every thread reads holding the pool's monitor, so while the worker
// holds that monitor the collection's monitor protects nothing; and the
// result vector is reachable from the worker's thread only. Their acquires
// and releases are both movers, and takeSome is R ... L: atomic.
// (tests/cases/atomicity/ExposedCollection.java: the collection handed to
// another thread as well breaks the pattern.)
class Item {
  int value;

  Item(int value) {
    this.value = value;
  }
}

class Node {
  Item item;
  Node next;

  Node(Item item) {
    this.item = item;
  }
}

// A synchronized vector as a linked list (arrays are not explored).
class Vector {
  Node head;
  Node tail;
  int count;

  /*@ atomic */
  synchronized int size() {
    return count;
  }

  /*@ atomic */
  synchronized void add(Item x) {
    Node n = new Node(x);
    if (tail == null) {
      head = n;
    } else {
      tail.next = n;
    }
    tail = n;
    count = count + 1;
  }

  // The first element, removed; the vector must not be empty.
  /*@ atomic */
  synchronized Item take() {
    Node n = head;
    head = n.next;
    if (head == null) {
      tail = null;
    }
    count = count - 1;
    return n.item;
  }
}

class WorkPool {
  Vector theCollection;

  WorkPool() {
    theCollection = new Vector();
  }

  /*@ atomic */
  synchronized void put(Item x) {
    theCollection.add(x);
  }

  // Up to n items, taken at once.
  /*@ atomic */
  synchronized Vector takeSome(int n) {
    Vector returnVal = new Vector();
    int got = 0;
    int left = theCollection.size();
    while (got < n && left > 0) {
      Item x = theCollection.take();
      returnVal.add(x);
      got = got + 1;
      left = theCollection.size();
    }
    return returnVal;
  }
}

class Worker extends Thread {
  WorkPool pool;
  int done;

  Worker(WorkPool pool) {
    this.pool = pool;
  }

  public void run() {
    Vector mine = pool.takeSome(2);
    int k = mine.size();
    while (k > 0) {
      Item x = mine.take();
      done = done + x.value;
      k = k - 1;
    }
  }
}

class Main {
  static void main() throws InterruptedException {
    WorkPool pool = new WorkPool();
    Item i1 = new Item(1);
    pool.put(i1);
    Item i2 = new Item(2);
    pool.put(i2);
    Worker a = new Worker(pool);
    Worker b = new Worker(pool);
    a.start();
    b.start();
    Item i3 = new Item(3);
    pool.put(i3);
    a.join();
    b.join();
  }
}
