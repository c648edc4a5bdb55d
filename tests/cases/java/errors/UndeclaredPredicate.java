// expect-error: resolutionError:undeclared
// A predicate named in a JML comment that the class does not declare.
public class UndeclaredPredicate {
  //@ requires /*[/expect resolutionError:undeclared]*/state/*[/end]*/(1);
  public void m() {}
}
