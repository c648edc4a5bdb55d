// expect-error: resolutionError:undeclared
// A local that was never declared.
public class UndeclaredVariable {
  public int m() {
    int x = 1;
    return /*[/expect resolutionError:undeclared]*/y/*[/end]*/;
  }
}
