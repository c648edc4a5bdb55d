// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// A mover method's steps must all be both movers: an access under its
// object's monitor is one, but taking the monitor of an object another
// thread can reach is a right mover (of a thread-local one, a both mover).
class Flag {
  boolean up;

  /*@ mover */
  /*[/expect notAtomic:possibly]*/
  synchronized void raise() {
  /*[/end]*/
    up = true;
  }

  static void main() throws InterruptedException {
    Flag f = new Flag();
    Raiser r = new Raiser(f);
    r.start();
    f.raise();
    r.join();
  }
}

class Raiser extends Thread {
  Flag f;

  Raiser(Flag f) {
    this.f = f;
  }

  public void run() {
    f.raise();
  }
}
