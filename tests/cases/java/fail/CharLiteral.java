// assertFailed: a character literal is its UTF-16 code ('a' is 97).
public class CharLiteral {
  public static void m() {
    int c = '\u0061';
    //@ assert c == 'a';
    /*[/expect assertFailed:false]*/
    //@ assert c == 98;
    /*[/end]*/
  }
}
