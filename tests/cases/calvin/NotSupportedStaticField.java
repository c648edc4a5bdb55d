// expect-error: notSupported
// Calvin's environment does not know the statics object of a class: a static
// field in a program with Calvin's annotations is not supported yet.
/*@ global_invariant 0 <= n; */
public class NotSupportedStaticField {
  int n;
  static int count;

  void inc() {
    count = 1; // notSupported here (on Silicon: the Calvin program is refused)
  }
}
