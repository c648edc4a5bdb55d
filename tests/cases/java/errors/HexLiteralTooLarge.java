// expect-error: parseError
// A hex int literal has at most 32 bits.
public class HexLiteralTooLarge {
  public void m() {
    int x = /*[/expect parseError]*/0x100000000/*[/end]*/;
  }
}
