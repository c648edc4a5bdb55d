// expect-error: notSupported
// A static field in a Calvin program whose threads allocate: the global
// invariant is about allocated objects then, and the statics object is
// none, so its fields would escape the invariant: not supported yet.
/*@ global_invariant 0 <= count */
class NotSupportedStaticAlloc {
  static int count; // notSupported here

  void make() {
    NotSupportedStaticAlloc o = new NotSupportedStaticAlloc();
  }
}
