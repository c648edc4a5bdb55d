// expect-error: notSupported
// A Calvin thread that allocates an array of a type no shared field has:
// its elements are no shared state the thread holds, so `new T[n]` of it is
// not supported in a Calvin thread yet (of a shared field's type it is:
// tests/cases/calvin/NewArray.java); on Silicon, the
// program is refused as a Calvin program (no permission-based meaning), also
// notSupported.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  int counter;

  static void main() {
    int[] a = new int[3];
  }
}
