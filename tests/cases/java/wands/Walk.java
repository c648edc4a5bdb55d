// unsupported-on: boogie the Boogie encoding does not model magic wands
// Magic wands in Java: a walk down a list keeps a wand back to the whole
// list, packaged anew at each step; a global specification function of the
// file, sequence literals `[v]`, `[t: int]` and `::`, and VerCors's
// `\Unfolding`.
/*@
  requires n != null ==> n.list();
  pure seq<int> values(Node n) =
    n == null ? [t: int] : (\Unfolding n.list() \in n.val :: values(n.next));
@*/
final class Node {
  int val;
  Node next;

  /*@ resource list() = Perm(val, write) ** Perm(next, write) ** next->list(); @*/

  //@ ensures \result != null ** \result.list() ** values(\result) == [v];
  static Node single(int v) {
    Node n = new Node();
    n.val = v;
    n.next = null;
    //@ assert values(null) == [t: int];
    //@ fold n.list();
    return n;
  }

  //@ requires list();
  //@ ensures list();
  void walk() {
    Node cur = this;
    //@ package cur.list() -* this.list() {}
    //@ unfold cur.list();
    //@ loop_invariant cur != null ** Perm(cur.val, write) ** Perm(cur.next, write);
    //@ loop_invariant cur.next->list() ** (cur.list() -* this.list());
    while (cur.next != null) {
      Node prev = cur;
      cur = cur.next;
      //@ unfold cur.list();
      /*@
      package cur.list() -* this.list() {
        fold prev.list();
        apply prev.list() -* this.list();
      }
      @*/
    }
    //@ fold cur.list();
    //@ apply cur.list() -* this.list();
  }

  //@ requires list();
  void lost() {
    Node cur = this;
    //@ unfold cur.list();
    // The wand needs this node's fields, which a write now takes away.
    /*[/expect packageFailed:perm]*/
    //@ package Perm(cur.val, 1\2) -* this.list() {}
    /*[/end]*/
  }

  //@ requires n != null ** n.list();
  static void noWand(Node n) {
    /*[/expect applyFailed:perm]*/
    //@ apply n.list() -* n.list();
    /*[/end]*/
  }
}
