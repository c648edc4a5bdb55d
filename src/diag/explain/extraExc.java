// m2 may throw an IllegalStateException; m1 lets it through, but its
// contract names no exception.
class C {
  //@ signals (IllegalStateException e) true;
  void m2();

  /*[/expect extraExc]*/
  void m1() {
    m2();
  }
  /*[/end]*/
}
