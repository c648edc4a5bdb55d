// preFailed:perm: `n->list()` gives nothing when n is null, but push's
// precondition is only that; the caller here holds no list for a non-null n.
final class NonNullCallNeeded {
  int val;
  NonNullCallNeeded next;

  /*@ resource list() = Perm(val, write) ** Perm(next, write) ** next->list(); @*/

  //@ requires n->list();
  static void push(NonNullCallNeeded n);

  static void m(NonNullCallNeeded n) {
    /*[/expect preFailed:perm]*/push(n);/*[/end]*/
  }
}
