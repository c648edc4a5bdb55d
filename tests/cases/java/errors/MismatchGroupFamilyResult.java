// expect-error: typeError:mismatch
// A `(frac -> group)` family takes group predicates only.
/*@ given group (frac -> group) resinv; @*/
class Box {
  /*@ requires resinv(1); ensures resinv(1); @*/
  void keep() { }
}

class Client {
  int x;
  /*@ resource r(frac p) = Perm(x, p); @*/

  void m() {
    Box/*@</*[/expect typeError:mismatch]*/r/*[/end]*/>@*/ b;
  }
}
