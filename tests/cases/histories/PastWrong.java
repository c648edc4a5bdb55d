// An action statement names the past of the fraction it extends: here the
// history did nothing yet, and the statement claims it did put(1).
class Box2 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);
  @*/
}

class Main {
  void main() {
    Box2 h = new Box2();
    //@ h.q = seq<int>{};
    //@ h.create_hist();
    /*[/expect historyPerm]*/
    //@ action h, 1, h.put(1), h.put(2);
    //@ h.q = h.q + seq<int>{2};
    /*[/end]*/
  }
}
