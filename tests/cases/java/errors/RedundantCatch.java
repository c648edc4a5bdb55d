// expect-error: resolutionError:duplicate
// A catch clause that an earlier one of its try covers can never run.
class RedundantCatch {
  void m() {
    try {
      throw new IllegalStateException();
    } catch (RuntimeException e) {
    } catch (/*[/expect resolutionError:duplicate]*/IllegalStateException/*[/end]*/ e) {
    }
  }
}
