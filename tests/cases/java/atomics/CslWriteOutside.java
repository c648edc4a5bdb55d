// The invariant holds the cell's value: a write to it outside an atomic step
// has no permission.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class CslWriteOutside {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() = Perm(count.val, 1) ** Perm(total, 1) ** count.val == total; @*/

  CslWriteOutside() {
    count = new AtomicCell(0);
    total = 0;
  }

  void reset() {
    count.set(0) /*@ then { total = 0; } @*/;
    /*[/expect assignFieldFailed]*/count.val = 1;/*[/end]*/
  }
}
