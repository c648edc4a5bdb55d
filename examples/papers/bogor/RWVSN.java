// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// Bogor (Hatcliff, Robby, Dwyer: "Verifying Atomicity Specifications for
// Concurrent Object-Oriented Software using Model-Checking"), fig. 7: a
// readers/writers example (excerpts). The paper's claim: notifyWriter is
// atomic (§4: "we verify the notifyReaders, notifyWriter, afterRead, and
// afterWrite methods of the Readers Writers example as atomic"), by the
// modified mover definition of §3.1: the vector waitingWriterMonitors_ is
// dominated by the receiver's lock, so its acquires and releases are movers.
//
// The excerpt elides code (`...`): completed with the least the claim
// needs, said here: the field activeWriters_ that notifyWriter counts in;
// `/*@ atomic */` on notifyWriter (the paper's atomicity annotation, which
// its claim is about); a subclass, since RWVSN is abstract; the
// synchronized Vector of java.util (weft's library has none) with the three
// methods the excerpt calls, as the JDK's (and addElement, for the harness); and a closing harness (Bogor
// checks a closed system; the paper's harness is not printed): two threads
// that each queue a monitor and let a writer in.
class Node {
  Object item;
  Node next;
}

// java.util.Vector's methods the excerpt calls, synchronized as the JDK's;
// the elements in a linked list (weft's explorer takes no arrays).
class Vector {
  Node head;
  int elementCount;

  synchronized int size() {
    return elementCount;
  }

  synchronized Object firstElement() {
    return head.item;
  }

  synchronized void addElement(Object obj) {
    Node n = new Node();
    n.item = obj;
    n.next = head;
    head = n;
    elementCount = elementCount + 1;
  }

  // (Only index 0, as the excerpt calls it.)
  synchronized void removeElementAt(int index) {
    head = head.next;
    elementCount = elementCount - 1;
  }
}

public abstract class RWVSN {
    protected Vector waitingWriterMonitors_ = new Vector();
    protected int activeWriters_;
    /*@ atomic */
    protected synchronized void notifyWriter() {
        if (waitingWriterMonitors_.size() > 0) {
            Object oldest = waitingWriterMonitors_.firstElement();
            waitingWriterMonitors_.removeElementAt(0);
            synchronized(oldest) { oldest.notify(); }
            ++activeWriters_;
        }
    }
}

class RW extends RWVSN {
  synchronized void queue(Object mine) {
    waitingWriterMonitors_.addElement(mine);
  }
}

class Writer extends Thread {
  RW rw;

  Writer(RW rw) {
    this.rw = rw;
  }

  public void run() {
    Object mine = new Object();
    rw.queue(mine);
    rw.notifyWriter();
  }
}

class Main {
  static void main() throws InterruptedException {
    RW rw = new RW();
    Writer a = new Writer(rw);
    Writer b = new Writer(rw);
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
