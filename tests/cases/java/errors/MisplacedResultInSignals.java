// expect-error: typeError:misplaced
// A signals clause speaks of the thrown object: the method returned no result.
class MisplacedResultInSignals {
  //@ signals (RuntimeException e) /*[/expect typeError:misplaced]*/\result/*[/end]*/ == 0;
  int m() {
    return 0;
  }
}
