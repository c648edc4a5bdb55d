// expect-error: notSupported
// Labelled loops (and `break label;`) are not supported yet; a plain `break;` is.
public class NotSupportedBreak {
  public void m(int n) {
    int i = 0;
    /*[/expect notSupported]*/outer/*[/end]*/: while (i < n) {
      i++;
    }
  }
}
