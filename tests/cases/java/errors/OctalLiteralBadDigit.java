// expect-error: parseError
// `09` is not a literal: 9 is not an octal digit.
public class OctalLiteralBadDigit {
  public void m() {
    int x = /*[/expect parseError]*/09/*[/end]*/;
  }
}
