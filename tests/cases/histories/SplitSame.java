// Two fractions whose pasts are both put(1) mean put(1) || put(1): a
// history that did put(1) once does not split into them.
class Box4 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);
  @*/
}

class Main {
  void main() {
    Box4 h = new Box4();
    //@ h.q = seq<int>{};
    //@ h.create_hist();
    //@ action h, 1, empty, h.put(1);
    //@ h.q = h.q + seq<int>{1};
    //@ h.split_hist(1/2, empty, 1/2, h.put(1));
    /*[/expect historyPerm]*/
    //@ h.split_hist(1/2, h.put(1), 1/2, h.put(1));
    /*[/end]*/
  }
}
