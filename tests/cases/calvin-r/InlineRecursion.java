// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// expect-error: notSupported
// A call of a method without a spec is its body inlined: recursion among
// such methods is not supported yet, at the call that closes the cycle
// (checking down, that is up's call of down; checking up, down's of up).
class Pair {
  int m /*@ accessible_if m == 0 || m == tid */;

  void down(int n) {
    if (n > 0) {
      /*[/expect notSupported]*/
      up(n - 1);
      /*[/end]*/
    }
  }

  void up(int n) {
    /*[/expect notSupported]*/
    down(n);
    /*[/end]*/
  }
}
