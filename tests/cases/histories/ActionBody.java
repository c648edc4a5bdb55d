// The thesis's action statement: the statement after `action h, p, P, a;`
// must do what the action says (here it appends 4 where `put(3)` appends 3).
class Box1 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);
  @*/
}

class Main {
  void main() {
    Box1 h = new Box1();
    //@ h.q = seq<int>{};
    //@ h.create_hist();
    /*[/expect actionFailed:false]*/
    //@ action h, 1, empty, h.put(3);
    //@ h.q = h.q + seq<int>{4};
    /*[/end]*/
  }
}
