// expect-error: notSupported
// A Calvin thread that allocates an array: `new T[n]` (a fresh array's
// elements) is not supported in a Calvin thread yet; on Silicon, the
// program is refused as a Calvin program (no permission-based meaning), also
// notSupported.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  int counter;

  static void main() {
    int[] a = new int[3];
  }
}
