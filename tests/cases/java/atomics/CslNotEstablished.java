// The constructor leaves total at 1 while the cell holds 0: the invariant is
// not established at the constructor's end.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class CslNotEstablished {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() = Perm(count.val, 1) ** Perm(total, 1) ** count.val == total; @*/

  /*[/expect notEstablished:false]*/CslNotEstablished/*[/end]*/() {
    count = new AtomicCell(0);
    total = 1;
  }
}
