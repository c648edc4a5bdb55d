// postFailed:false: the counter forgets to count.
public class PostFailed {
  private int count;

  /*@ requires Perm(count, 1);
      ensures Perm(count, 1) ** /*[/expect postFailed:false]*/count == \old(count) + 1/*[/end]*/; @*/
  public void incr() {
    count += 0;
  }
}
