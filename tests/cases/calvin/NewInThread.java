// expect-error: notSupported
// A Calvin thread that allocates: `new` (and calls of methods without an abstraction) are
// not supported in a Calvin thread yet; on Silicon, the program is refused
// as a Calvin program (no permission-based meaning), also notSupported.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  int counter;

  static void main() {
    Container c = new Container();
  }
}
