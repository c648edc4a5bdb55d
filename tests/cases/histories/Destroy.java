// destroy_hist(Q) takes the whole history with past Q: after put(3) the
// past is `empty * put(3)`, i.e. put(3) (the unit law), so destroying it
// gives put's contract from the initial state; it is not put_all({3, 4}).
class Box3 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);

  modifies q;
  ensures q == \old(q) + es;
  process put_all(seq<int> es) = |es| == 0 ? empty :
      (put(head(es)) * put_all(tail(es)));
  @*/
}

class Main {
  void good() {
    Box3 h = new Box3();
    //@ h.q = seq<int>{1};
    //@ h.create_hist();
    //@ action h, 1, empty, h.put(3);
    //@ h.q = h.q + seq<int>{3};
    //@ h.destroy_hist(h.put(3));
    //@ assert h.q == seq<int>{1, 3};
  }

  void bad() {
    Box3 h = new Box3();
    //@ h.q = seq<int>{};
    //@ h.create_hist();
    //@ action h, 1, empty, h.put(3);
    //@ h.q = h.q + seq<int>{3};
    /*[/expect historyPerm]*/
    //@ h.destroy_hist(h.put_all(seq<int>{3, 4}));
    /*[/end]*/
  }
}
