// VerCors's `o->p(args)` and `o?.p(args)` in specifications: the predicate
// of o when o is not null (`o != null ==> o.p(args)`); Java's own `->` is
// untouched outside specifications.
final class Node {
  int val;
  Node next;

  /*@ resource list() = Perm(val, write) ** Perm(next, write) ** next->list(); @*/

  /*@ resource chain(int n) = Perm(val, write) ** Perm(next, write) ** next?.chain(n - 1); @*/

  //@ requires n->list();
  //@ ensures \result->list();
  static Node push(Node n) {
    Node m = new Node();
    m.next = n;
    //@ fold m.list();
    return m;
  }

  //@ ensures \result->list();
  static Node empty() {
    return null;
  }
}
