// A compare-and-set that moves the cell without its ghost counterpart: the
// step does not maintain the invariant.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class CslStepBreaks {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() = Perm(count.val, 1) ** Perm(total, 1) ** count.val == total; @*/

  CslStepBreaks() {
    count = new AtomicCell(0);
    total = 0;
  }

  void incr() {
    int c = count.get();
    boolean done = /*[/expect notMaintained:false]*/count.compareAndSet(c, c + 1)/*[/end]*/;
  }
}
