// m1's contract now says it may throw what m2 throws.
class C {
  //@ signals (IllegalStateException e) true;
  void m2();

  //@ signals (IllegalStateException e) true;
  void m1() {
    m2();
  }
}
