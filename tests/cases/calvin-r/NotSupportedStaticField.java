// expect-error: notSupported
// Calvin-R's environment does not know the statics object of a class: a
// static field in a unit with Calvin-R's annotations is not supported yet
// (in a Calvin program it is shared state: tests/cases/calvin/StaticShared.java).
class NotSupportedStaticField {
  int m /*@ accessible_if m == 0 || m == tid */;
  static int count;

  void inc() {
    count = 1; // notSupported here
  }
}
