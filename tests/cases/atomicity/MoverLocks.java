// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// A mover method's steps must all be both movers: an access under its
// object's monitor is one, but taking the monitor is a right mover.
class Flag {
  boolean up;

  /*@ mover */
  /*[/expect notAtomic:possibly]*/
  synchronized void raise() {
  /*[/end]*/
    up = true;
  }

  static void main() {
    Flag f = new Flag();
    f.raise();
  }
}
