// weft's own, not a JDK class: the meaning of VerCors's vector sums
// `\sum([lo .. hi], v)` (syntax::java::builders::vector_sum), loaded for a
// program that writes one. Each function sums over lo, …, hi - 1 and is
// defined by peeling the last index, the way a loop counting upwards extends
// it; the recursion ends as hi - lo decreases to 0. The range must lie in
// the sequences (a precondition, checked where a sum is written).
package java.lang;

public final class JmlVector {
  //@ ensures true;
  private JmlVector() {}

  /*@
    requires 0 <= lo && lo <= hi && hi <= |xs|;
    public static pure int sum(seq<int> xs, int lo, int hi) =
      lo == hi ? 0 : sum(xs, lo, hi - 1) + xs[hi - 1];

    requires 0 <= lo && lo <= hi && hi <= |xs|;
    public static pure int count(seq<int> xs, int x, int lo, int hi) =
      lo == hi ? 0 : count(xs, x, lo, hi - 1) + (xs[hi - 1] == x ? 1 : 0);

    requires 0 <= lo && lo <= hi && hi <= |xs| && hi <= |ys|;
    public static pure int agree(seq<int> xs, seq<int> ys, int lo, int hi) =
      lo == hi ? 0 : agree(xs, ys, lo, hi - 1) + (xs[hi - 1] == ys[hi - 1] ? 1 : 0);
  @*/
}
