// unsupported-on: boogie the lock-free queue with its history does not finish on Boogie in 120 s (try_deq alone takes 35 s; see README, Histories)
// The lock-free queue of examples/histories/LFQ.java: a get that returns 0
// when its one attempt fails, yet claims Listing 49's contract: its history
// fraction did no get.

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

class History {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);

  modifies q;
  ensures \old(q) == seq<int>{e} + q;
  process get(int e);
  @*/
}

class Queue {
  final AtomicNode head;
  final AtomicNode tail;
  //@ ghost final Node begin;
  //@ ghost Node last;
  //@ ghost final History hist;
  //@ ghost boolean hist_active;

  /*@
  inline resource RPerm(AtomicNode a) = a != null ** Perm(a.val, 1);
  inline resource RPointsTo(AtomicNode a, Node v) = a != null ** PointsTo(a.val, 1, v);

  resource reachable(Node n, Node m) =
    n != null ** m != null ** (n != m ==> Value(n.next.val) ** n.next.val != null ** reachable(n.next.val, m));

  // chain(n, m, vs): full access to the data of each node after n up to m,
  // whose values are vs in order (the sentinel n's own value is not in it).
  resource chain(Node n, Node m, seq<int> vs) =
    n != null ** m != null ** (n == m ==> |vs| == 0) ** (n != m ==>
      Value(n.next.val) ** n.next.val != null ** Perm(n.next.val.val, 1) **
      |vs| > 0 ** vs[0] == n.next.val.val ** chain(n.next.val, m, tail(vs)));

  // Listing 42, with the history (section 7.3): while the history is active
  // the invariant holds its passive permission, and hist.q is precisely the
  // contents of the queue.
  resource csl_invariant() = Value(begin) **
    RPerm(head) ** ([read]reachable(begin, head.val)) **
    RPerm(tail) ** ([read]reachable(begin, tail.val)) **
    Perm(last, 1) ** ([read]reachable(begin, last)) **
    RPointsTo(last.next, null) **
    Perm(hist_active, 1\2) ** Value(hist) **
    (hist_active ==> HPerm(hist.q, 1) ** chain(head.val, last, hist.q));
  @*/

  // The queue starts empty, with an empty history given to it.
  /*@ requires h != null ** HPerm(h.q, 1) ** h.q == seq<int>{};
      ensures Value(hist) ** hist == h ** PointsTo(hist_active, 1\2, true); @*/
  Queue(History h) {
    Node n = new Node(0);
    begin = n;
    last = n;
    head = new AtomicNode(n);
    tail = new AtomicNode(n);
    //@ hist = h;
    //@ hist_active = true;
    //@ fold reachable(n, n);
    //@ fold chain(n, n, h.q);
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
  // x's next node is not null, is readable and reaches l.
  ghost
  requires [read]reachable(n, x) ** [read]reachable(n, l);
  requires PointsTo(l.next.val, 1\2, null);
  ensures PointsTo(l.next.val, 1\2, null);
  ensures x != null;
  ensures x != l ==> Value(x.next.val) ** x.next.val != null ** [read]reachable(x.next.val, l);
  void readable_or_last(Node n, Node x, Node l) {
    if (n == x) {
      unfold [read]reachable(n, x);
      if (x != l) {
        unfold [read]reachable(x, l);
      }
    } else {
      unfold [read]reachable(n, x);
      unfold [read]reachable(n, l);
      readable_or_last(n.next.val, x, l);
    }
  }

  // Lemma (iii): appending one node to a chain yields a chain, whose contents
  // end with the node's value.
  ghost
  requires chain(n, l, vs) ** Value(l.next.val) ** l.next.val == x;
  requires x != null ** PointsTo(x.val, 1, v) ** PointsTo(x.next.val, 1\2, null);
  ensures chain(n, x, vs + seq<int>{v}) ** PointsTo(x.next.val, 1\2, null);
  void chain_append(Node n, Node l, Node x, seq<int> vs, int v) {
    unfold chain(n, l, vs);
    if (n == l) {
      fold chain(x, x, seq<int>{});
    } else {
      chain_append(n.next.val, l, x, tail(vs), v);
    }
    fold chain(n, x, vs + seq<int>{v});
  }
  @*/

  /*@ given frac p; given process P;
      requires Value(hist) ** Hist(hist, p, P) ** p != none ** PointsTo(hist_active, p/2, true);
      ensures Value(hist) ** p != none ** PointsTo(hist_active, p/2, true)
        ** (\result == null ==> Hist(hist, p, P))
        ** (\result != null ==> Perm(\result.val, 1) ** Hist(hist, p, P * hist.get(\result.val))); @*/
  Integer try_deq() {
    Node n1, n2; boolean tmp; Integer res = null;
    n1 = head.get();
    n2 = n1.next.get() /*@ with {
      readable_or_last(this.begin, n1, last);
    } @*/;
    if (n2 != null) {
      tmp = head.compareAndSet(n1, n2) /*@ with {
        if (head.val == n1) {
          unfold chain(head.val, last, hist.q);
          fold reachable(n2, n2);
          fold reachable(n1, n2);
          reachable_trans(this.begin, n1, n2);
          action hist, p, P, hist.get(n2.val);
          hist.q = tail(hist.q);
        }
      } @*/;
      if (tmp) {
        res = new Integer(n2.val);
      }
    }
    return res;
  }


  // Listing 49.
  /*@ given frac p; given process P;
      requires Value(hist) ** Hist(hist, p, P) ** p != none ** PointsTo(hist_active, p/2, true);
      ensures Value(hist) ** /*[/expect postFailed:perm]*/Hist(hist, p, P * hist.get(\result))/*[/end]*/ ** p != none
        ** PointsTo(hist_active, p/2, true); @*/
  public int get() {
    Integer res = try_deq() /*@ with { p = p; P = P; } @*/;
    if (res == null) {
      return 0;
    }
    /*@ loop_invariant Value(hist) ** p != none ** PointsTo(hist_active, p/2, true)
        ** (res == null ==> Hist(hist, p, P))
        ** (res != null ==> Perm(res.val, 1) ** Hist(hist, p, P * hist.get(res.val))); @*/
    while (res == null) {
      res = try_deq() /*@ with { p = p; P = P; } @*/;
    }
    return res.val;
  }

}
