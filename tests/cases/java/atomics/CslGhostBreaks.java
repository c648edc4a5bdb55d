// The step's then-ghost code counts two for one increment: the ghost code runs
// inside the step, and the step does not maintain the invariant.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class CslGhostBreaks {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() = Perm(count.val, 1) ** Perm(total, 1) ** count.val == total; @*/

  CslGhostBreaks() {
    count = new AtomicCell(0);
    total = 0;
  }

  void incr() {
    int c = count.get();
    boolean done = /*[/expect notMaintained:false]*/count.compareAndSet(c, c + 1) /*@ then { if (done) { total = total + 2; } } @*/ /*[/end]*/;
  }
}
