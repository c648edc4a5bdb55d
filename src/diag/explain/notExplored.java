// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// main never calls inc: nothing is explored inside it.
class Counter {
  int count;

  /*[/expect notExplored]*/
  /*@ atomic */
  /*[/end]*/
  synchronized void inc() {
    count = count + 1;
  }

  static void main() {
    Counter c = new Counter();
  }
}
