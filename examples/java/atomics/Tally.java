// The thesis's ch. 7 model of Java atomics (§7.1): the class's resource
// invariant `csl_invariant` relates the atomic cell's value to a ghost field,
// every constructor establishes it, and each get / set / compareAndSet on the
// cell is an atomic step that holds it, with its `with` / `then` ghost code
// inside the step. AtomicCell is an atomic cell class (weft's rule: a class of
// the program named Atomic…, whose one field is `val`, declaring none of the
// three operations); the library's AtomicInteger keeps its ch. 5 protocols.
final class AtomicCell {
  int val;

  //@ ensures Perm(val, 1) ** val == v;
  AtomicCell(int v) { val = v; }
}

public class Tally {
  final AtomicCell count;
  //@ ghost int total;

  /*@ resource csl_invariant() =
        Perm(count.val, 1) ** Perm(total, 1) ** count.val == total ** 0 <= total; @*/

  Tally() {
    count = new AtomicCell(0);
    total = 0;
  }

  void incr() {
    boolean done = false;
    while (!done) {
      int c = count.get();
      done = count.compareAndSet(c, c + 1) /*@ then { if (done) { total = total + 1; } } @*/;
    }
  }

  // What a step read is known after it: the invariant held when it read.
  //@ ensures \result >= 0;
  int read() {
    int c = count.get();
    return c;
  }

  void reset() {
    count.set(0) /*@ then { total = 0; } @*/;
  }
}
