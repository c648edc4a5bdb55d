// expect-error: notSupported
// Character literals are outside the subset (string literals are opaque values).
public class NotSupportedChar {
  public void m() {
    int c = /*[/expect notSupported]*/'x'/*[/end]*/;
  }
}
