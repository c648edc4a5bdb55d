// foldFailed: no predicate instance of null exists, so folding `c.ok()` needs
// `c != null` (which is what lets holding `c.ok()` say that `c` is not null).
class Cell {
  int v;
  //@ resource ok() = true;
}

public class FoldNullReceiver {
  static void m(Cell c) {
    /*[/expect foldFailed:false]*/
    //@ fold c.ok();
    /*[/end]*/
  }
}
