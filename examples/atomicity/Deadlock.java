// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// The deadlocking StringBuffer (Bogor's Fig. 6a): append locks the other
// buffer too, so that its length cannot go stale. Every access is now
// under the right monitor and the steps are R R B B B L L, which Flanagan
// and Qadeer's type system accepts as atomic. But Lipton's reduction also
// needs every region to end (R1): when one thread appends b to a while
// another appends a to b, each can hold its receiver's monitor and wait for
// the other's. The exploration finds that state, so append is definitely
// not atomic.
class Buffer {
  int count;

  /*@ atomic */
  synchronized void append(Buffer other) {
    /*[/expect notAtomic:definitely]*/
    synchronized (other) {
    /*[/end]*/
      int len = other.count;
      count = count + len;
    }
  }
}

class Appender extends Thread {
  Buffer to;
  Buffer from;

  Appender(Buffer to, Buffer from) {
    this.to = to;
    this.from = from;
  }

  public void run() {
    to.append(from);
  }
}

class Main {
  static void main() throws InterruptedException {
    Buffer a = new Buffer();
    Buffer b = new Buffer();
    Appender one = new Appender(a, b);
    Appender two = new Appender(b, a);
    one.start();
    two.start();
    one.join();
    two.join();
  }
}
