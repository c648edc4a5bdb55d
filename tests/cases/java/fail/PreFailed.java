// preFailed:perm: a call that needs the whole permission, from a caller with half.
public class PreFailed {
  private int count;

  //@ requires Perm(count, 1);
  //@ ensures Perm(count, 1);
  public void incr() {
    count++;
  }

  //@ requires Perm(count, 1/2);
  public void client() {
    /*[/expect preFailed:perm]*/
    incr();
    /*[/end]*/
  }
}
