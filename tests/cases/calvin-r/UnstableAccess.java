// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// An access predicate whose exclusive access other threads may take away:
// a is the thread's alone while b names it, but any thread may write b. An
// environment step that keeps a (as the thread holds it) may still change
// b, and then a is no longer the thread's: the environment is not stable.
class UnstableAccess {
  /*[/expect accessPredicate]*/
  int a /*@ accessible_if b == tid */;
  /*[/end]*/
  int b /*@ accessible_if true */;

  void touch() {
    int t = b;
  }
}
