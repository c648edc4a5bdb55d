// unsupported-on: boogie the lemmas get_lemma/put_lemma need tail(es + {e}) == tail(es) + {e}, which Boogie's sequence axioms do not give, and Receiver.run hits a matching loop of the associativity of * with its unit laws (Z3: 52 646 instances, 403 s, no verdict); Silicon takes 13 s
// The thesis's queue history (ch. 7, Listings 48-50): a sender puts the
// elements of an array into a queue, a receiver gets as many out into
// another array, and once both threads are joined the arrays are equal:
// what comes out is what went in, in order.
//
// `History` is Listing 48 with the parts the fragment leaves out written in
// its style (the action `put`, the process `put_all`, `put_lemma`); `get`
// and `put` are processes without a definition, i.e. actions. A thread's
// history starts empty (`Hist(h, 1/2, empty)`) and records what it did; the
// main thread merges the two halves into `put_all(in) || get_all(out)`,
// which is `feed(in, out)` by feed's definition, and destroying the history
// gives feed's contract from the initial state `q == {}`. weft proves each
// process's contract in a method of its own; `feed`'s `||` is expanded
// (either side moves first, its rest runs in parallel with the other
// side: feed again).
//
// The queue's `get` is Listing 49 as written, and `put` its mirror image;
// both are declared, not implemented here: the lock-free implementation
// (Listings 42-43 with the action block in try_deq) is in LFQ.java, with
// this file's threads and history.
// The receiver's loop is Listing 50. What weft needs beyond the listings:
// the call of the lemma after each get (`get_lemma(vals, x)` turns
// `get_all(vals) * get(x)` into `get_all(vals + {x})`; the thesis leaves it
// out), the methods' contracts (the thesis does not show them: the loop
// invariants at entry and exit), and the main thread (not in the thesis):
// `create_hist`, `split_hist`, `merge_hist`, `destroy_hist` are weft's
// spelling of creating, splitting, merging and destroying a history.

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
  /*@
  History hist;
  boolean hist_active;
  @*/

  /*@
  given frac p; given process P;
  requires Value(hist) ** Hist(hist,p,P) **
    p!=none ** PointsTo(hist_active,p/2,true);
  ensures Value(hist) ** Hist(hist,p,P*hist.get(\result)) **
    p!=none ** PointsTo(hist_active,p/2,true); @*/
  public int get();

  /*@
  given frac p; given process P;
  requires Value(hist) ** Hist(hist,p,P) **
    p!=none ** PointsTo(hist_active,p/2,true);
  ensures Value(hist) ** Hist(hist,p,P*hist.put(x)) **
    p!=none ** PointsTo(hist_active,p/2,true); @*/
  public void put(int x);
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

public class LFQHist {
  /*@ requires input != null ** output != null ** input.length == output.length
    ** (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1));
    ensures (\forall* int k; 0 <= k < input.length ; Perm(input[k],1/2))
    ** (\forall* int k; 0 <= k < output.length ; Perm(output[k],1))
    ** (\forall int k; 0 <= k < input.length ; output[k]==input[k]); @*/
  static void main(int[] input, int[] output) throws InterruptedException {
    History h = new History();
    Queue queue = new Queue();
    /*@
    h.q = seq<int>{};
    h.create_hist();
    queue.hist = h;
    queue.hist_active = true;
    h.split_hist(1/2, empty, 1/2, empty);
    @*/
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
    h.destroy_hist(h.feed(s.vals, r.vals));
    @*/
  }
}
