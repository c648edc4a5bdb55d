// postFailed: `return x++;` gives x, not x + 1.
public class PostIncrementResult {
  /*[/expect postFailed:false]*/
  //@ ensures \result == x + 1;
  static int m(int x) {
    return x++;
  }
  /*[/end]*/
}
