// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// main calls inc, so the exploration runs it.
class Counter {
  int count;

  /*@ atomic */
  synchronized void inc() {
    count = count + 1;
  }

  static void main() {
    Counter c = new Counter();
    c.inc();
  }
}
