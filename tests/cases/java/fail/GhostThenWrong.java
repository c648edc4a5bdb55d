// assertFailed:false: the ghost statements of `then { … }` run after the call,
// so they see the field the call changed.
class GhostThenWrong {
  int n;

  /*@ requires Perm(n, 1);
      ensures Perm(n, 1) ** n == \old(n) + 1; @*/
  void inc() { n = n + 1; }

  /*@ requires Perm(n, 1) ** n == 0; @*/
  void m() {
    inc() /*@ then {
      /*[/expect assertFailed:false]*/assert n == 0;/*[/end]*/
    } @*/;
  }
}
