// `{: e :}` marks a quantifier's trigger in Java specifications, and a
// parameter may be declared in C's spelling `int a[]`.
public class TriggersAndCArrays {
  //@ requires a != null ** (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
  //@ requires (\forall int i = 0 .. a.length, int j = i + 1 .. a.length; {:a[i]:} <= {:a[j]:});
  //@ ensures (\forall* int k = 0 .. a.length; Perm(a[k], 1\2));
  static void sorted(int a[]) {
    if (a.length > 2) {
      //@ assert a[0] <= a[2];
    }
    switch (a.length) {
      default:}
  }
}
