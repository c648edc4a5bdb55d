// expect-error: typeError:finalWrite
// A constant cannot be written.
public class StaticFinalWrite {
  static final int N = 20;

  public void m() {
    /*[/expect typeError:finalWrite]*/StaticFinalWrite.N/*[/end]*/ = 3;
  }
}
