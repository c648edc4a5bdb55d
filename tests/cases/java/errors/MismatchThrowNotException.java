// expect-error: typeError:mismatch
// Only an exception object can be thrown.
class MismatchThrowNotException {
  void m() {
    Object o = new Object();
    throw /*[/expect typeError:mismatch]*/o/*[/end]*/;
  }
}
