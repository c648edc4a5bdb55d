// expect-error: typeError:mismatch
// Only an exception class can be caught.
class MismatchCatchNotException {
  void m() {
    try {
    } catch (/*[/expect typeError:mismatch]*/MismatchCatchNotException/*[/end]*/ e) {
    }
  }
}
