// arrayBounds: the row index is past the last row of `new int[3][4]`.
public class ArrayBounds2D {
  public static void outOfBounds() {
    int[][] m = new int[3][4];
    m[2][3] = 1;
    /*[/expect arrayBounds]*/
    m[3][0] = 1;
    /*[/end]*/
  }
}
