// expect-error: notSupported
// String literals are outside the subset.
public class NotSupportedString {
  public void m() {
    /*[/expect notSupported]*/"hello"/*[/end]*/;
  }
}
