// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// expect-error: notSupported
// Arrays are not modelled by the explorer: refused at their place, not skipped.
class Buf {
  /*@ atomic */
  void fill() {
    /*[/expect notSupported]*/
    int[] a = new int[4];
    /*[/end]*/
  }

  static void main() {
    Buf b = new Buf();
    b.fill();
  }
}
