// expect-error: notSupported
// `a[i++] += 1` would evaluate `i++` twice in `a[i++] = a[i++] + 1`.
public class NotSupportedCompoundTargetIncrement {
  static void m(int[] a, int i) {
    a[/*[/expect notSupported]*/i++/*[/end]*/] += 1;
  }
}
