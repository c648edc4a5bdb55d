// assertFailed:false: a JML assert that does not follow.
public class AssertFailed {
  //@ requires x > 0;
  public static void m(int x) {
    int y = x - 1;
    /*[/expect assertFailed:false]*/
    //@ assert y > 0;
    /*[/end]*/
  }
}
