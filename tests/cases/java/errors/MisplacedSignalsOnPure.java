// expect-error: typeError:misplaced
// A pure function cannot throw.
class MisplacedSignalsOnPure {
  /*[/expect typeError:misplaced]*/
  //@ signals (RuntimeException e) true;
  /*[/end]*/
  /*@ pure @*/ int f() {
    return 0;
  }
}
