// `x++`, `x--`, `++x` and `--x` read inside expressions: the postfix forms
// give the value before, the prefix forms the value after; operands are
// evaluated left to right.
public class Increments {
  int f;

  //@ ensures \result == x;
  static int post(int x) {
    return x++;
  }

  //@ ensures \result == x - 1;
  static int pre(int x) {
    return --x;
  }

  //@ ensures \result == 2 * x;
  static int leftToRight(int x) {
    int y = x + x++;
    return y + (x - x--) * 0 + ++x - x;
  }

  //@ requires Perm(f, write);
  //@ ensures Perm(f, write) ** f == \old(f) + 2 ** \result == \old(f) * 2 + 1;
  int field() {
    int a = f++;
    return a + ++f - 1;
  }

  //@ requires a != null ** a.length == 3 ** (\forall* int k = 0 .. 3; Perm(a[k], write));
  //@ ensures (\forall* int k = 0 .. 3; Perm(a[k], write)) ** a[0] == 7 ** a[1] == 8;
  static void index(int[] a) {
    int i = 0;
    a[i++] = 7;
    a[i] = i++ + 7;
    //@ assert i == 2;
  }

  //@ requires n >= 0;
  //@ ensures \result == n;
  static int loopCond(int n) {
    int i = 0;
    int c = 0;
    //@ loop_invariant 0 <= i && i <= n + 1 && c == i - (i > n ? 1 : 0) && (i > n ==> c == n);
    while (i++ < n) {
      c++;
    }
    return c;
  }

  //@ ensures (\forall int i = 0 .. 3, int j = i + 1 .. 3; i < j);
  static void ranges() {
  }
}
