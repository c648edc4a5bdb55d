// expect-error: notSupported
// Ghost statements around a call need a method called as a statement.
class NotSupportedGhostAroundPureCall {
  /*@ pure int f() { return 1; } @*/

  void m() {
    int x = f() /*@ with { /*[/expect notSupported]*/assert true;/*[/end]*/ } @*/;
  }
}
