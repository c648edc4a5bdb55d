// expect-error: notSupported
// Floating-point literals are outside the subset.
public class NotSupportedFloatLiteral {
  public void m() {
    //@ assert /*[/expect notSupported]*/1.5/*[/end]*/ > 1;
  }
}
