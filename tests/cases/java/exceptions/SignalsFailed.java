// postFailed:false at a `signals` clause: the exceptional path leaves x at 5.
class SignalsFailed {
  int x;

  boolean coin();

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write) ** x == 3;
  /*[/expect postFailed:false]*/
  //@ signals (RuntimeException e) Perm(x, write) ** x == 6;
  /*[/end]*/
  void m() {
    x = 3;
    if (coin()) {
      x = 5;
      throw new RuntimeException();
    }
  }
}
