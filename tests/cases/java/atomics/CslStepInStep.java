// expect-error: notSupported
// The ghost code of a step calls a method that makes a step of its own: the
// invariant would be held twice.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class CslStepInStep {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() = Perm(count.val, 1) ** Perm(total, 1) ** count.val == total; @*/

  CslStepInStep() {
    count = new AtomicCell(0);
    total = 0;
  }

  void reset() {
    count.set(0) /*@ then { total = 0; } @*/;
  }

  void twice() {
    count.set(0) /*@ then { total = 0; /*[/expect notSupported]*/reset()/*[/end]*/; } @*/;
  }
}
