// A loop's contract may stand before its labels, and between them: every
// contract is the loop's. A labelled `if` or block is left by `break L`.
public class LabelsAndContracts {
  int f;

  //@ requires Perm(f, write);
  //@ ensures Perm(f, write) ** f == 10;
  void before() {
    f = 0;
    //@ loop_invariant Perm(f, write) ** 0 <= f ** f <= 10;
    a: while (f < 10) {
      f += 1;
    }
    //@ assert f == 10;
    //@ loop_invariant Perm(f, 1\2);
    a: b:
    //@ loop_invariant Perm(f, 1\2);
    c:
    //@ loop_invariant f <= 10;
    while (f < 10) {
      f += 1;
      continue a;
    }
  }

  //@ ensures \result == (p ? 1 : 2);
  static int labelledIf(boolean p) {
    int x = 0;
    LABEL: if (p) {
      x = 1;
      if (x == 1) {
        break LABEL;
      }
      x = 3;
    } else {
      x = 2;
    }
    return x;
  }
}
