// expect-error: parseError
// A statement without its semicolon.
public class ParseMissingSemicolon {
  public void m() {
    int x = 1
    /*[/expect parseError]*/x/*[/end]*/ = x + 1;
  }
}
