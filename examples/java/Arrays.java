// Array code in Java: quantified permissions over elements, a.length,
// for/while/do-while loops, compound assignment, ++ and --, and a
// two-dimensional array built row by row.
public class Arrays {

  /*@ requires a != null;
      requires (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1/2));
      ensures (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1/2));
      ensures (\forall int i; 0 <= i && i < a.length; a[i] == \old(a[i]));
      ensures \result == (\exists int i; 0 <= i && i < a.length; a[i] == x); @*/
  public static boolean contains(int[] a, int x) {
    int i = 0;
    //@ loop_invariant 0 <= i && i <= a.length;
    //@ loop_invariant (\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1/2));
    //@ loop_invariant (\forall int k; 0 <= k && k < a.length; a[k] == \old(a[k]));
    //@ loop_invariant (\forall int k; 0 <= k && k < i; a[k] != x);
    while (i < a.length) {
      if (a[i] == x) {
        return true;
      }
      i++;
    }
    return false;
  }

  /*@ requires a != null;
      requires (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1));
      ensures (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1));
      ensures (\forall int i; 0 <= i && i < a.length; a[i] == 2 * \old(a[i])); @*/
  public static void twice(int[] a) {
    //@ loop_invariant 0 <= i && i <= a.length;
    //@ loop_invariant (\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1));
    //@ loop_invariant (\forall int k; 0 <= k && k < i; a[k] == 2 * \old(a[k]));
    //@ loop_invariant (\forall int k; i <= k && k < a.length; a[k] == \old(a[k]));
    for (int i = 0; i < a.length; i++) {
      a[i] *= 2;
    }
  }

  /*@ requires n > 0;
      ensures \result != null ** \result.length == n;
      ensures (\forall* int i; 0 <= i && i < n; Perm(\result[i], 1));
      ensures (\forall int i; 0 <= i && i < n; \result[i] == n - i); @*/
  public static int[] countdown(int n) {
    int[] a = new int[n];
    int i = 0;
    int v = n;
    // The body runs once before the test: `i < n` holds for it.
    //@ loop_invariant 0 < i && i <= n && v == n - i;
    //@ loop_invariant a.length == n;
    //@ loop_invariant (\forall* int k; 0 <= k && k < n; Perm(a[k], 1));
    //@ loop_invariant (\forall int k; 0 <= k && k < i; a[k] == n - k);
    do {
      a[i] = v;
      i += 1;
      v--;
    } while (i < n);
    return a;
  }

  // A two-dimensional array is an array of rows, each created on its own.
  public static void matrix() {
    int[][] m = new int[2][];
    m[0] = new int[3];
    m[1] = new int[3];
    m[1][2] = 7;
    //@ assert m[0].length == 3 && m[1][2] == 7;
  }

  public static void main(String[] args) {
    int[] a = countdown(3);
    //@ assert a[0] == 3 && a[1] == 2 && a[2] == 1;
    twice(a);
    //@ assert a[2] == 2;
    boolean found = contains(a, 4);
    //@ assert found;
  }
}
