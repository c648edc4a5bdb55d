// Holding an instance predicate `x.p()` says that `x` is not null (an
// instance predicate of null can never be folded): no `x != null` clause is
// needed to call a method on `x`, in a contract or out of an unfolded predicate.
class Cell {
  int v;
  //@ resource ok() = Perm(v, 1);

  //@ context ok();
  void bump() {
    //@ unfold ok();
    v = v + 1;
    //@ fold ok();
  }
}

class Holder {
  final Cell cell;
  //@ resource has() = cell.ok();

  //@ ensures this.cell == c;
  Holder(Cell c) {
    cell = c;
  }

  //@ context has();
  void bumpCell() {
    //@ unfold has();
    cell.bump();
    //@ fold has();
  }
}

public class PredicateReceiverNotNull {
  //@ requires c.ok();
  static void m(Cell c) {
    //@ assert c != null;
    c.bump();
  }

  static void folded(Cell c) {
    if (c != null) {
      //@ assume Perm(c.v, 1);
      //@ fold c.ok();
      n(c);
    }
  }

  //@ requires c.ok();
  static void n(Cell c) {
    //@ assert c != null;
  }
}
