// A call that may write a static field makes the caller forget its value.
public class StaticFieldFramed {
  static int x;

  //@ requires Perm(x, 1);
  //@ ensures Perm(x, 1);
  static void touch() {
    x = 3;
  }

  //@ requires Perm(x, 1);
  void m() {
    x = 1;
    touch();
    /*[/expect assertFailed:false]*/
    //@ assert x == 1;
    /*[/end]*/
  }
}
