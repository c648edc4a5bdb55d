// expect-error: notSupported
// weft models `int` only: a `long` literal is refused, not read as an int.
public class NotSupportedLongLiteral {
  public void m() {
    int x = 1;
    x = x + /*[/expect notSupported]*/5L/*[/end]*/;
  }
}
