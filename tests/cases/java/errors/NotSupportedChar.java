// expect-error: notSupported
// The `char` type is outside the subset (a character literal is its int code).
public class NotSupportedChar {
  public void m() {
    /*[/expect notSupported]*/char/*[/end]*/ c = 'x';
  }
}
