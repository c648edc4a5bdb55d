// expect-error: notSupported
// A statement that accesses the shared state twice is split into single
// accesses, but not when one is an operand Java may not evaluate (here the
// right of `&&`): read it into a local first.
class NotSupportedConditionalSplit {
  int m /*@ accessible_if m == 0 || m == tid */;
  boolean a /*@ accessible_if m == 0 || m == tid */;
  boolean b /*@ accessible_if m == 0 || m == tid */;

  void both() {
    acquire(m);
    boolean c = a && b; // notSupported here
    release(m);
  }
}
