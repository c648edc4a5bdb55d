// A static field's initializer runs once at class initialization, which weft
// does not model: its value is unknown, not 5.
public class StaticFieldInitNotAssumed {
  static int x = 5;

  //@ requires Perm(x, 1\2);
  void m() {
    /*[/expect assertFailed:false]*/
    //@ assert x == 5;
    /*[/end]*/
  }
}
