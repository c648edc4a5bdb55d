// unsupported-on: boogie LFQHist.java's history lemmas and receiver do not verify on Boogie (see its header); Silicon takes about 40 s
// The thesis's lock-free queue with its history (ch. 7: Listings 42-43 for
// the queue, 48-50 for the history and its client), all of it verified: the
// queue's put and get are implemented here, not declared. A sender puts the
// elements of an array into the queue, a receiver gets as many out into
// another array, and once both threads are joined the arrays are equal: what
// comes out is what went in, in order.
//
// Layer 1 (examples/java/atomics/Queue.java): the queue is a chain of nodes
// from the sentinel `head` to the ghost `last`, each with an atomic `next`
// cell; the class's csl_invariant (Listing 42) is held by each get / set /
// compareAndSet of a cell as one atomic step. Layer 3, as section 7.3 says:
// a ghost field `hist` (the history) and `hist_active`; `chain` has a third
// argument, the contents of the chain; the invariant holds
// `Perm(hist_active,1\2) ** Value(hist) ** (hist_active ==> HPerm(hist.q,1)
// ** chain(head.val,last,hist.q))`; and the compareAndSet that dequeues does
// `action hist, p, P, hist.get(n2.val); hist.q=tail(hist.q);` in its ghost
// code, after the unfold (Listing 43 with the action). The enqueue is its
// mirror image (the thesis does not show it): try_enq links a new node after
// the last one by a compareAndSet on its `next`, whose ghost code (in `then`,
// after the link) appends the node to the chain (lemma (iii), with contents)
// and does `action hist, p, P, hist.put(x); hist.q=hist.q+seq<int>{x};`; the
// tail lags and is swung forward, by the enqueuer or by whoever finds it
// behind (Michael and Scott's helping). get and put retry try_deq / try_enq
// until one succeeds and have Listing 49's contract: a successful attempt
// extends the caller's history fraction by the action, a failed one leaves
// it as it was.
//
// The history (Listing 48), the threads (Listing 50) and the main thread are
// examples/histories/LFQHist.java's, where Queue.get and Queue.put are only
// declared; here the main thread gives the history to the queue's
// constructor (which takes its passive permission into the invariant) and
// takes it back with stop() (one atomic step setting hist_active to false,
// after which the invariant no longer holds the history) before destroying
// it. What weft needs beyond the listings, besides LFQHist's: the lemma
// readable_or_last (ii) also says that the node it is given is not null and,
// when it is not the last node, that its next is not null (which lets the
// enqueuer conclude that a node whose next is null is the last one), and
// chain_append (iii) carries the contents (the new node's next must be null:
// it is not in the chain already).

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

  modifies q;
  ensures q == \old(q) + es;
  process put_all(seq<int> es) = |es| == 0 ? empty :
      (put(head(es)) * put_all(tail(es)));

  modifies q;
  ensures \old(q) == es + q;
  process get_all(seq<int> es) = |es| == 0 ? empty :
      (get(head(es)) * get_all(tail(es)));

  ensures get_all(es) * get(e) == get_all(es + seq<int>{e});
  void get_lemma(seq<int> es, int e) {
    if (|es| > 0) { get_lemma(tail(es), e); }
  }

  ensures put_all(es) * put(e) == put_all(es + seq<int>{e});
  void put_lemma(seq<int> es, int e) {
    if (|es| > 0) { put_lemma(tail(es), e); }
  }

  modifies q;
  ensures \old(q) + input == output + q;
  process feed(seq<int> input, seq<int> output) =
      put_all(input) || get_all(output);
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

  // Listing 43, with the action in the dequeuing step.
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
      ensures Value(hist) ** Hist(hist, p, P * hist.get(\result)) ** p != none
        ** PointsTo(hist_active, p/2, true); @*/
  public int get() {
    Integer res = try_deq() /*@ with { p = p; P = P; } @*/;
    /*@ loop_invariant Value(hist) ** p != none ** PointsTo(hist_active, p/2, true)
        ** (res == null ==> Hist(hist, p, P))
        ** (res != null ==> Perm(res.val, 1) ** Hist(hist, p, P * hist.get(res.val))); @*/
    while (res == null) {
      res = try_deq() /*@ with { p = p; P = P; } @*/;
    }
    return res.val;
  }

  // One attempt to enqueue `node` (holding x): the linking step does the action.
  /*@ given frac p; given process P;
      requires Value(hist) ** Hist(hist, p, P) ** p != none ** PointsTo(hist_active, p/2, true);
      requires node != null ** PointsTo(node.val, 1, x) ** PointsTo(node.next.val, 1, null);
      ensures Value(hist) ** p != none ** PointsTo(hist_active, p/2, true)
        ** (!\result ==> Hist(hist, p, P) ** PointsTo(node.val, 1, x) ** PointsTo(node.next.val, 1, null))
        ** (\result ==> Hist(hist, p, P * hist.put(x))); @*/
  boolean try_enq(Node node, int x) {
    boolean done = false;
    Node t = tail.get();
    Node n = t.next.get() /*@ with {
      readable_or_last(this.begin, t, last);
    } @*/;
    if (n == null) {
      done = t.next.compareAndSet(null, node) /*@ with {
        readable_or_last(this.begin, t, last);
      } then {
        if (done) {
          fold reachable(node, node);
          fold reachable(t, node);
          reachable_trans(this.begin, t, node);
          chain_append(head.val, t, node, hist.q, x);
          last = node;
          action hist, p, P, hist.put(x);
          hist.q = hist.q + seq<int>{x};
        }
      } @*/;
      if (done) {
        boolean swung = tail.compareAndSet(t, node);
      }
    } else {
      boolean helped = tail.compareAndSet(t, n) /*@ with {
        fold reachable(n, n);
        fold reachable(t, n);
        reachable_trans(this.begin, t, n);
      } @*/;
    }
    return done;
  }

  // Listing 49's mirror image.
  /*@ given frac p; given process P;
      requires Value(hist) ** Hist(hist, p, P) ** p != none ** PointsTo(hist_active, p/2, true);
      ensures Value(hist) ** Hist(hist, p, P * hist.put(x)) ** p != none
        ** PointsTo(hist_active, p/2, true); @*/
  public void put(int x) {
    Node node = new Node(x);
    boolean done = try_enq(node, x) /*@ with { p = p; P = P; } @*/;
    /*@ loop_invariant Value(hist) ** p != none ** PointsTo(hist_active, p/2, true)
        ** (!done ==> Hist(hist, p, P) ** node != null ** PointsTo(node.val, 1, x)
             ** PointsTo(node.next.val, 1, null))
        ** (done ==> Hist(hist, p, P * hist.put(x))); @*/
    while (!done) {
      done = try_enq(node, x) /*@ with { p = p; P = P; } @*/;
    }
  }

  // Deactivates the history: with all of hist_active, one step sets it to
  // false, and the invariant gives the history's passive permission back.
  /*@ requires Value(hist) ** PointsTo(hist_active, 1\2, true);
      ensures Value(hist) ** HPerm(hist.q, 1); @*/
  void stop() {
    Node h = head.get() /*@ then { hist_active = false; } @*/;
  }
}

class Receiver implements Runnable {
  final Queue queue;
  final int[] output;
  //@ seq<int> vals;

  /*@ ensures Perm(vals, 1) ** this.queue == queue ** this.output == output; @*/
  Receiver(Queue queue, int[] output) {
    this.queue = queue;
    this.output = output;
  }

  /*@ requires Value(queue) ** Value(queue.hist)
    ** Value(output) ** Perm(vals,1) ** output != null
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1))
    ** Hist(queue.hist,1/2,empty);
    ensures Value(queue) ** Value(queue.hist)
    ** Value(output) ** Perm(vals,1) ** output != null
    ** |vals| == output.length
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1))
    ** (\forall int k; 0 <= k < output.length ; output[k]==vals[k])
    ** Hist(queue.hist,1/2,queue.hist.get_all(vals)); @*/
  public void run(){
    int N=output.length;
    int i=0;
    /*@
    vals=seq<int>{};
    loop_invariant Value(queue) ** Value(queue.hist)
    ** Value(output) ** Perm(vals,1) ** 0 <= i <= N
    ** i==|vals| ** N==output.length
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < N ; Perm(output[k],1))
    ** (\forall int k; 0 <= k < i ; output[k]==vals[k])
    ** Hist(queue.hist,1/2,queue.hist.get_all(vals)); @*/
    while(i<N){
      output[i]=queue.get()
      /*@ with { p=1/2 ; P = queue.hist.get_all(vals); } @*/;
      //@ queue.hist.get_lemma(vals, output[i]);
      /*@ vals=vals+seq<int>{output[i]}; @*/
      i=i+1;
    }
  }
}

class Sender implements Runnable {
  final Queue queue;
  final int[] input;
  //@ seq<int> vals;

  /*@ ensures Perm(vals, 1) ** this.queue == queue ** this.input == input; @*/
  Sender(Queue queue, int[] input) {
    this.queue = queue;
    this.input = input;
  }

  /*@ requires Value(queue) ** Value(queue.hist)
    ** Value(input) ** Perm(vals,1) ** input != null
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** Hist(queue.hist,1/2,empty);
    ensures Value(queue) ** Value(queue.hist)
    ** Value(input) ** Perm(vals,1) ** input != null
    ** |vals| == input.length
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** (\forall int k; 0 <= k < input.length ; input[k]==vals[k])
    ** Hist(queue.hist,1/2,queue.hist.put_all(vals)); @*/
  public void run(){
    int N=input.length;
    int i=0;
    /*@
    vals=seq<int>{};
    loop_invariant Value(queue) ** Value(queue.hist)
    ** Value(input) ** Perm(vals,1) ** 0 <= i <= N
    ** i==|vals| ** N==input.length
    ** PointsTo(queue.hist_active,1/4,true)
    ** (\forall* int k; 0 <= k < N ; Perm(input[k],1/2))
    ** (\forall int k; 0 <= k < i ; input[k]==vals[k])
    ** Hist(queue.hist,1/2,queue.hist.put_all(vals)); @*/
    while(i<N){
      queue.put(input[i])
      /*@ with { p=1/2 ; P = queue.hist.put_all(vals); } @*/;
      //@ queue.hist.put_lemma(vals, input[i]);
      /*@ vals=vals+seq<int>{input[i]}; @*/
      i=i+1;
    }
  }
}

public class LFQ {
  /*@ requires input != null ** output != null ** input.length == output.length
    ** (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1));
    ensures (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1))
    ** (\forall int k; 0 <= k < input.length ; output[k]==input[k]); @*/
  static void main(int[] input, int[] output) throws InterruptedException {
    History h = new History();
    /*@
    h.q = seq<int>{};
    h.create_hist();
    @*/
    Queue queue = new Queue(h);
    //@ h.split_hist(1/2, empty, 1/2, empty);
    Sender s = new Sender(queue, input);
    Receiver r = new Receiver(queue, output);
    Thread ts = new Thread(s);
    Thread tr = new Thread(r);
    ts.start();
    tr.start();
    ts.join() /*@ with { p = 1; } @*/;
    tr.join() /*@ with { p = 1; } @*/;
    /*@
    h.merge_hist(1/2, h.put_all(s.vals), 1/2, h.get_all(r.vals));
    @*/
    queue.stop();
    //@ h.destroy_hist(h.feed(s.vals, r.vals));
  }
}
