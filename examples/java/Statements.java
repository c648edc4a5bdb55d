// Java's statements as VerCors users write them: a switch in both forms
// (fall-through, default, the arrow form on char constants), labelled loops
// left by `break` and `continue` with their labels, and `long` arithmetic
// (a mathematical integer in weft, as `int` is: no overflow to rule out).
public class Statements {

  //@ requires 0 <= day && day < 7;
  //@ ensures \result == (day == 0 || day == 6 ? 0 : 8);
  static int hours(int day) {
    switch (day) {
      case 0:
      case 6:
        return 0;
      default:
        return 8;
    }
  }

  //@ ensures \result == (c == 'a' ? 1 : (c == 'b' ? 2 : 0));
  static int grade(char c) {
    int r;
    switch (c) {
      case 'a' -> r = 1;
      case 'b' -> r = 2;
      default -> r = 0;
    }
    return r;
  }

  // Skips the negative entries, stops at the first zero.
  //@ context a != null ** (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
  //@ ensures \result == -1 || (0 <= \result && \result < a.length && a[\result] == 0);
  static int firstZero(int[] a) {
    int i = 0;
    int r = -1;
    //@ loop_invariant 0 <= i && i <= a.length && r == -1;
    //@ loop_invariant (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
    scan:
    while (i < a.length) {
      i++;
      if (a[i - 1] < 0) {
        continue scan;
      }
      if (a[i - 1] == 0) {
        r = i - 1;
        break scan;
      }
    }
    return r;
  }

  // Whether two entries add up to zero: `break outer` leaves both loops.
  //@ context a != null ** (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
  //@ ensures \result ==> (\exists int x = 0 .. a.length; (\exists int y = 0 .. a.length; a[x] + a[y] == 0));
  static boolean pairSum(int[] a) {
    boolean found = false;
    int i = 0;
    //@ loop_invariant 0 <= i && i <= a.length && !found;
    //@ loop_invariant (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
    outer:
    while (i < a.length) {
      int j = 0;
      //@ loop_invariant 0 <= i && i < a.length && 0 <= j && j <= a.length && !found;
      //@ loop_invariant (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
      while (j < a.length) {
        if (a[i] + a[j] == 0) {
          found = true;
          //@ assert a[i] + a[j] == 0;
          break outer;
        }
        j++;
      }
      i++;
    }
    return found;
  }

  //@ requires 0 <= n;
  //@ ensures 2 * \result == n * (n + 1);
  static long triangle(long n) {
    long s = 0;
    long k = 0;
    //@ loop_invariant 0 <= k && k <= n && 2 * s == k * (k + 1);
    while (k < n) {
      k = k + 1;
      s += k;
    }
    return s;
  }
}
