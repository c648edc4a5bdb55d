// assertFailed: `0xFFFFFFFF` is the int -1, not 4294967295.
public class HexLiteral {
  public static void m() {
    int x = 0xFFFFFFFF;
    /*[/expect assertFailed:false]*/
    //@ assert x > 0;
    /*[/end]*/
  }
}
