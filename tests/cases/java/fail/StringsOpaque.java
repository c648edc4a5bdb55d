// assertFailed: strings are opaque; weft does not know two texts differ.
public class StringsOpaque {
  public static void m() {
    String a = "a";
    /*[/expect assertFailed:false]*/
    //@ assert a != "b";
    /*[/end]*/
  }
}
