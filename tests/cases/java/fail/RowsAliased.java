// assertFailed: the rows of `new int[3][4]` are distinct until one is replaced.
public class RowsAliased {
  public static void aliased() {
    int[][] m = new int[3][4];
    //@ assert m[0] != m[1];
    m[0] = m[1];
    /*[/expect assertFailed:false]*/
    //@ assert m[0] != m[1];
    /*[/end]*/
  }
}
