// arrayBounds: the loop runs one step too far (`<=` for `<`).
public class ArrayBounds {
  /*@ requires a != null;
      requires (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1)); @*/
  public static void clear(int[] a) {
    //@ loop_invariant 0 <= i && i <= a.length + 1;
    //@ loop_invariant (\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1));
    for (int i = 0; i <= a.length; i++) {
      /*[/expect arrayBounds]*/
      a[i] = 0;
      /*[/end]*/
    }
  }
}
