// expect-error: parseError
// 2147483648 is an int literal only as the operand of unary minus.
public class IntLiteralTooLarge {
  public void m() {
    int ok = -2147483648;
    int x = /*[/expect parseError]*/2147483648/*[/end]*/;
  }
}
