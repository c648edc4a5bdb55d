// The lock-free queue of the thesis's ch. 7 (§7.1, Listings 42 and 43), after
// ConcurrentLinkedQueue: its resource invariant (Listing 42) and the dequeue
// attempt try_deq (Listing 43), verified in weft's ch. 7 model of atomics (a
// class's csl_invariant, established by the constructor, held by each get /
// set / compareAndSet of an atomic cell as an atomic step).
//
// Completed here (the thesis gives only the invariant and try_deq): the atomic
// cell class AtomicNode (its embedded field `val`), Node, Integer (a class of
// the program: weft's library has none), the ghost fields begin and last, the
// bodies of RPerm, RPointsTo, reachable (a path from n to m, read access to the
// `next` of each node before m) and chain (full access to the data of each node
// after n up to m), the constructor, and the three lemmas the thesis names, as
// ghost methods with inductive proofs (each recursive call on the rest of an
// instance the lemma unfolds, so it terminates as predicates are finite; weft
// does not check termination, `decreases` being not supported yet):
// (i) reachable_trans, (ii) readable_or_last, (iii) chain_append (used by an
// enqueue, which the listings do not show). Changed in try_deq: the lemma call
// is `readable_or_last(this.begin, n1, last)` (the listing's `lemma
// _readable_or_last(this.begin,n1)`: the last node is an argument, and half of
// its `next`, which is null, is lent to the lemma); the compareAndSet's `with`
// also folds reachable(n1, n2) and applies lemma (i), so that the new head is
// reachable from begin. `read` is a wildcard amount: a thread keeps part of
// what it read in a step (reachable(begin, n1) after reading the head, the next
// of n1 after lemma (ii)), which is how it knows, in the next step, that n1's
// next is still n2 and that n1 is not the last node.
final class AtomicNode {
  Node val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicNode(Node v) { val = v; }
}

final class Node {
  int val;
  final AtomicNode next;

  //@ ensures Perm(val, 1) ** val == v ** next != null ** Perm(next.val, 1) ** next.val == null;
  Node(int v) { val = v; next = new AtomicNode(null); }
}

final class Integer {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  Integer(int v) { val = v; }
}

public class Queue {
  final AtomicNode head;
  final AtomicNode tail;
  //@ ghost final Node begin;
  //@ ghost Node last;

  /*@
  inline resource RPerm(AtomicNode a) = a != null ** Perm(a.val, 1);
  inline resource RPointsTo(AtomicNode a, Node v) = a != null ** PointsTo(a.val, 1, v);

  resource reachable(Node n, Node m) =
    n != null ** m != null ** (n != m ==> Value(n.next.val) ** n.next.val != null ** reachable(n.next.val, m));

  resource chain(Node n, Node m) =
    n != null ** m != null ** (n != m ==>
      Value(n.next.val) ** n.next.val != null ** Perm(n.next.val.val, 1) ** chain(n.next.val, m));

  resource csl_invariant() = Value(begin) **
    RPerm(head) ** ([read]reachable(begin, head.val)) **
    RPerm(tail) ** ([read]reachable(begin, tail.val)) **
    Perm(last, 1) ** ([read]reachable(begin, last)) **
    chain(head.val, last) ** RPointsTo(last.next, null);
  @*/

  Queue() {
    Node n = new Node(0);
    begin = n;
    last = n;
    head = new AtomicNode(n);
    tail = new AtomicNode(n);
    //@ fold reachable(n, n);
    //@ fold chain(n, n);
  }

  /*@
  // Lemma (i): reachable is transitive.
  ghost
  requires [read]reachable(a, b) ** [read]reachable(b, c);
  ensures [read]reachable(a, c);
  void reachable_trans(Node a, Node b, Node c) {
    unfold [read]reachable(b, c);
    fold [read]reachable(b, c);
    if (a != b) {
      unfold [read]reachable(a, b);
      reachable_trans(a.next.val, b, c);
      fold [read]reachable(a, c);
    }
  }

  // Lemma (ii): from n both l (the last node) and x are reachable: x is l, or
  // x's next node is readable and reaches l.
  ghost
  requires [read]reachable(n, x) ** [read]reachable(n, l);
  requires PointsTo(l.next.val, 1\2, null);
  ensures PointsTo(l.next.val, 1\2, null);
  ensures x != l ==> Value(x.next.val) ** [read]reachable(x.next.val, l);
  void readable_or_last(Node n, Node x, Node l) {
    if (n == x) {
      if (x != l) {
        unfold [read]reachable(x, l);
      }
    } else {
      unfold [read]reachable(n, x);
      unfold [read]reachable(n, l);
      readable_or_last(n.next.val, x, l);
    }
  }

  // Lemma (iii): appending one node to a permission chain yields a permission chain.
  ghost
  requires chain(n, l) ** Value(l.next.val) ** l.next.val == x;
  requires x != null ** Perm(x.val, 1);
  ensures chain(n, x);
  void chain_append(Node n, Node l, Node x) {
    unfold chain(n, l);
    if (n == l) {
      fold chain(x, x);
    } else {
      chain_append(n.next.val, l, x);
    }
    fold chain(n, x);
  }
  @*/

  /*@ requires Value(head) ** Value(tail);
      ensures Value(head) ** Value(tail)
        ** (\result != null ==> Perm(\result.val, 1)); @*/
  Integer try_deq() {
    Node n1, n2; boolean tmp; Integer res = null;
    n1 = head.get();
    n2 = n1.next.get() /*@ with {
      readable_or_last(this.begin, n1, last);
    } @*/;
    if (n2 != null) {
      tmp = head.compareAndSet(n1, n2) /*@ with {
        if (head.val == n1) {
          unfold chain(head.val, last);
          fold reachable(n2, n2);
          fold reachable(n1, n2);
          reachable_trans(this.begin, n1, n2);
        }
      } @*/;
      if (tmp) {
        res = new Integer(n2.val);
      }
    }
    return res;
  }
}
