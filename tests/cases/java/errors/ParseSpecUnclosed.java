// expect-error: parseError
// A specification comment that never closes.
public class ParseSpecUnclosed {
  /*[/expect parseError]*//*@/*[/end]*/ requires true;
  public void m() {}
}
