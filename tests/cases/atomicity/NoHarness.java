// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// expect-error: notSupported
// Without a main there is nothing to explore.
class Counter {
  int count;

  /*[/expect notSupported]*/
  /*@ atomic */
  /*[/end]*/
  synchronized void inc() {
    count = count + 1;
  }
}
