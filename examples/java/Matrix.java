// Multi-dimensional arrays (the thesis's Listing 26 shape): a double-buffered
// matrix `int[2][N][M]` created in one `new`, whose rows are handed out one
// predicate each. `new` gives every level's permissions and lengths, and
// distinct rows, so quantified permissions over `matrix[h][r][i]` are
// accepted (their locations are distinct).
public class Matrix {
  public static final int N = 4, M = 5;

  private int[][][] matrix = new int[2][N][M];

  // Row r of buffer h: its elements, and read access to the way there.
  /*@ resource row(int h, int r) =
        Value(matrix) ** matrix != null ** matrix.length == 2 ** 0 <= h ** h < 2
        ** Value(matrix[h]) ** matrix[h] != null ** matrix[h].length == N ** 0 <= r ** r < N
        ** Value(matrix[h][r]) ** matrix[h][r] != null ** matrix[h][r].length == M
        ** (\forall* int i; i >= 0 && i < M; Perm(matrix[h][r][i], 1)); @*/

  /*@ ensures Perm(matrix, 1) ** \array(matrix, 2);
      ensures (\forall* int h; 0 <= h && h < 2; Perm(matrix[h], 1));
      ensures (\forall int h; 0 <= h && h < 2; \array(matrix[h], N));
      ensures (\forall int h, int g; 0 <= h && h < 2 && 0 <= g && g < 2 && h != g; matrix[h] != matrix[g]);
      ensures (\forall* int h, int r; 0 <= h && h < 2 && 0 <= r && r < N; Perm(matrix[h][r], 1));
      ensures (\forall int h, int r; 0 <= h && h < 2 && 0 <= r && r < N; \array(matrix[h][r], M));
      ensures (\forall int h, int r, int g, int s;
                 0 <= h && h < 2 && 0 <= r && r < N && 0 <= g && g < 2 && 0 <= s && s < N && (h != g || r != s);
                 matrix[h][r] != matrix[g][s]);
      ensures (\forall* int h, int r, int i; 0 <= h && h < 2 && 0 <= r && r < N && 0 <= i && i < M;
                 Perm(matrix[h][r][i], 1));
      ensures (\forall int h, int r, int i; 0 <= h && h < 2 && 0 <= r && r < N && 0 <= i && i < M;
                 matrix[h][r][i] == 0); @*/
  public Matrix() {
  }

  /*@ requires row(h, r);
      ensures row(h, r); @*/
  public void fill(int h, int r, int v) {
    //@ unfold row(h, r);
    int[] line = matrix[h][r];
    //@ loop_invariant 0 <= i && i <= M;
    //@ loop_invariant Value(matrix) ** matrix != null ** matrix.length == 2 ** 0 <= h ** h < 2;
    //@ loop_invariant Value(matrix[h]) ** matrix[h] != null ** matrix[h].length == N ** 0 <= r ** r < N;
    //@ loop_invariant Value(matrix[h][r]) ** line == matrix[h][r] ** line != null ** line.length == M;
    //@ loop_invariant (\forall* int k; k >= 0 && k < M; Perm(line[k], 1));
    for (int i = 0; i < M; i++) {
      line[i] = v;
    }
    //@ fold row(h, r);
  }

  public static void main(String[] args) {
    Matrix x = new Matrix();
    //@ fold x.row(1, 2);
    x.fill(1, 2, 7);
    //@ assert x.matrix[0][3][4] == 0;
    int[][] small = new int[2][3];
    small[1][2] = small[0][2] + 1;
    //@ assert small[1][2] == 1 && small[0] != small[1] && small[1].length == 3;
  }
}
