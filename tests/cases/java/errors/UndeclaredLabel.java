// expect-error: resolutionError:undeclared
// `break` to a label that no enclosing statement has.
public class UndeclaredLabel {
  public void m(int n) {
    int i = 0;
    outer:
    while (i < n) {
      i++;
      /*[/expect resolutionError:undeclared]*/break inner;/*[/end]*/
    }
  }
}
