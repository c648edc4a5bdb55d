// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// ReplicatedWorkers (examples/atomicity/) with the pool's collection also
// handed to a producer thread, which adds to it directly. The collection is
// no longer dominated by the pool's monitor: its monitor is what keeps the
// producer out, so size()'s release is a left mover and take()'s acquire a
// right mover after it. (Between them the producer may add an item:
// takeSome's result depends on it.)
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

  WorkPool(Vector c) {
    theCollection = c;
  }

  /*@ atomic */
  synchronized Vector takeSome(int n) {
    Vector returnVal = new Vector();
    int got = 0;
    int left = theCollection.size();
    while (got < n && left > 0) {
      /*[/expect notAtomic:possibly]*/
      Item x = theCollection.take();
      /*[/end]*/
      returnVal.add(x);
      got = got + 1;
      left = theCollection.size();
    }
    return returnVal;
  }
}

class Worker extends Thread {
  WorkPool pool;

  Worker(WorkPool pool) {
    this.pool = pool;
  }

  public void run() {
    Vector mine = pool.takeSome(2);
  }
}

class Producer extends Thread {
  Vector out;

  Producer(Vector out) {
    this.out = out;
  }

  public void run() {
    Item x = new Item(2);
    out.add(x);
  }
}

class Main {
  static void main() throws InterruptedException {
    Vector c = new Vector();
    Item first = new Item(1);
    c.add(first);
    WorkPool pool = new WorkPool(c);
    Worker w = new Worker(pool);
    Producer p = new Producer(c);
    w.start();
    p.start();
    w.join();
    p.join();
  }
}
