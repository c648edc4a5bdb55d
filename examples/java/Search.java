// break and continue: a linear search that stops at the first hit, and a
// count that skips negative elements.
public class Search {

  /*@ requires a != null;
      context (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1/2));
      ensures -1 <= \result && \result < a.length;
      ensures \result >= 0 ==> a[\result] == x;
      ensures \result == -1 ==> (\forall int i; 0 <= i && i < a.length; a[i] != x); @*/
  public static int indexOf(int[] a, int x) {
    int found = -1;
    int i = 0;
    //@ loop_invariant 0 <= i && i <= a.length && found == -1;
    //@ loop_invariant (\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1/2));
    //@ loop_invariant (\forall int k; 0 <= k && k < i; a[k] != x);
    while (i < a.length) {
      if (a[i] == x) {
        found = i;
        break;
      }
      i++;
    }
    return found;
  }

  /*@ requires a != null;
      context (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1/2));
      ensures 0 <= \result && \result <= a.length; @*/
  public static int countNonNegative(int[] a) {
    int n = 0;
    //@ loop_invariant 0 <= i && i <= a.length && 0 <= n && n <= i;
    //@ loop_invariant (\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1/2));
    for (int i = 0; i < a.length; i++) {
      if (a[i] < 0) {
        continue;
      }
      n++;
    }
    return n;
  }
}
