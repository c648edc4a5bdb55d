// expect-error: parseError
// `-(2147483648)`: the literal is not the operand of unary minus itself.
public class IntLiteralMinParenthesized {
  public void m() {
    int x = -(/*[/expect parseError]*/2147483648/*[/end]*/);
  }
}
