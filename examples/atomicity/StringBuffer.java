// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// The stale length of StringBuffer.append (Bogor's Fig. 1a, after Flanagan
// and Qadeer): append is synchronized on the buffer it appends to, and
// reads the other buffer's length and then its characters, each under the
// other buffer's monitor, one after the other. In between another thread
// may shorten the other buffer: the length is stale when getChars uses it.
// length and getChars are each atomic (acquire, reads, release); append's
// steps are R (this) R (other) B L (length's release) R (getChars's
// acquire): a right mover after a left mover.
class Buffer {
  int count;

  /*@ atomic */
  synchronized int length() {
    return count;
  }

  // Copies the first n characters into dst (here: adds n to its count).
  /*@ atomic */
  synchronized void getChars(int n, Buffer dst) {
    if (n > count) {
      n = count;
    }
    dst.count = dst.count + n;
  }

  /*@ atomic */
  synchronized void setLength(int n) {
    count = n;
  }

  /*@ atomic */
  synchronized void append(Buffer other) {
    int len = other.length();
    /*[/expect notAtomic:possibly]*/
    other.getChars(len, this);
    /*[/end]*/
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

class Truncator extends Thread {
  Buffer b;

  Truncator(Buffer b) {
    this.b = b;
  }

  public void run() {
    b.setLength(0);
  }
}

class Main {
  static void main() throws InterruptedException {
    Buffer sb = new Buffer();
    Buffer other = new Buffer();
    other.setLength(3);
    Appender a = new Appender(sb, other);
    Truncator t = new Truncator(other);
    a.start();
    t.start();
    a.join();
    t.join();
  }
}
