// VerCors's vector sums `\sum([lo .. hi], v)` (backends/spec/java/lang/JmlVector.java):
// of a sequence, of `\vcmp(xs, \vrep(x))` (how many elements are x), of
// `\vcmp(xs, ys)` (where two sequences agree) and of `\vrep(x)`.
class VectorSums {
  /*@
    given seq<int> xs;
    context_everywhere a != null ** |xs| == a.length;
    context_everywhere (\forall* int i; 0 <= i && i < a.length; Perm(a[i], 1\2));
    context_everywhere (\forall int i; 0 <= i && i < a.length; a[i] == xs[i]);
    ensures \result == \sum([0 .. a.length], xs);
  @*/
  int total(int[] a) {
    int s = 0;
    int k = 0;
    //@ loop_invariant 0 <= k && k <= a.length;
    //@ loop_invariant s == \sum([0 .. k], xs);
    while (k < a.length) {
      s = s + a[k];
      k++;
    }
    return s;
  }

  void literals() {
    //@ ghost seq<int> xs = seq<int>{ 5, 7, 5 };
    //@ ghost seq<int> ys = seq<int>{ 5, 0, 5 };
    // Each sum is one step from the one before (Boogie unfolds a recursive
    // function once per term), as a loop's invariant would be.
    //@ assert \sum([0 .. 0], xs) == 0;
    //@ assert \sum([0 .. 1], xs) == 5;
    //@ assert \sum([0 .. 2], xs) == 12;
    //@ assert \sum([0 .. 3], xs) == 17;
    //@ assert \sum([1 .. 1], \vcmp(\vrep(5), xs)) == 0;
    //@ assert \sum([1 .. 2], \vcmp(\vrep(5), xs)) == 0;
    //@ assert \sum([1 .. 3], \vcmp(\vrep(5), xs)) == 1;
    //@ assert \sum([0 .. 0], \vcmp(xs, ys)) == 0;
    //@ assert \sum([0 .. 1], \vcmp(xs, ys)) == 1;
    //@ assert \sum([0 .. 2], \vcmp(xs, ys)) == 1;
    //@ assert \sum([0 .. 3], \vcmp(xs, ys)) == 2;
    //@ assert \sum([2 .. 6], \vrep(3)) == 12;
  }
}
