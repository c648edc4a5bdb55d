// assignFieldFailed: writing a field with only half the permission.
public class AssignFieldFailed {
  private int f;

  //@ requires Perm(f, 1/2);
  public void m() {
    int y = f;
    /*[/expect assignFieldFailed]*/
    f = y + 1;
    /*[/end]*/
  }
}
