// expect-error: notSupported
// Java translates unicode escapes before finding comments: the escaped line
// break below ends the comment and `x = 2;` is code. weft refuses the comment rather than skip the statement.
public class NotSupportedUnicodeEscapeComment {
  public int m() {
    int x = 1;
    /*[/expect notSupported]*/// \u000a x = 2;
    /*[/end]*/
    return x;
  }
}
