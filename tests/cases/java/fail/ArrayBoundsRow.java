// arrayBounds: every row of `new int[3][4]` has length 4.
public class ArrayBoundsRow {
  public static void outOfBounds() {
    int[][] m = new int[3][4];
    /*[/expect arrayBounds]*/
    m[0][4] = 1;
    /*[/end]*/
  }
}
