// refuteFailed: what the contract proves cannot be refuted. The bare markers
// inside the specification comments mark where (as VerCors writes them).
public class RefuteFailed {
  int x;

  //@ requires Perm(x, 1\2) ** x == 2;
  void known() {
    //@ [/expect refuteFailed] refute x == 2; [/end]
    //@ assert x == 2;
  }

  //@ requires Perm(x, 1\2);
  void perm() {
    int y = 0;
    //@ loop_invariant 0 <= y && y <= 3;
    while (y < 3) {
      y = y + 1;
    }
    //@ [/expect refuteFailed] refute y == 3 ==> true; [/end]
  }

  //@ requires a != null ** a.length == 1 ** Perm(a[0], 1\2);
  static int bounds(int[] a) {
    int v = 0;
    //@ assert v == 0 && [/expect arrayBounds] a[1] [/end] == a[1];
    return a[0];
  }
}
