// assertFailed: `010` is the octal literal eight, not ten.
public class OctalLiteral {
  public static void m() {
    int y = 010;
    //@ assert y == 8;
    /*[/expect assertFailed:false]*/
    //@ assert 010 == 10;
    /*[/end]*/
  }
}
