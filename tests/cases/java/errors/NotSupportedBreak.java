// expect-error: notSupported
// break and continue are not supported yet.
public class NotSupportedBreak {
  public void m(int n) {
    int i = 0;
    while (i < n) {
      /*[/expect notSupported]*/break;/*[/end]*/
    }
  }
}
