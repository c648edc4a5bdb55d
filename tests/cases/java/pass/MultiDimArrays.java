// Multi-dimensional arrays: `new int[a][b]` and `new int[a][b][c]` give
// distinct, non-null rows of the given lengths, write permission at every
// level and zeroed elements; quantified permissions over two indices.
public class MultiDimArrays {
  public static final int N = 3, M = 4;

  /*@ requires m != null ** m.length == N;
      requires (\forall* int i; 0 <= i && i < N; Perm(m[i], 1/2));
      requires (\forall int i; 0 <= i && i < N; m[i] != null && m[i].length == M);
      requires (\forall int i, int k; 0 <= i && i < N && 0 <= k && k < N && i != k; m[i] != m[k]);
      requires (\forall* int i, int j; 0 <= i && i < N && 0 <= j && j < M; Perm(m[i][j], 1));
      ensures (\forall* int i; 0 <= i && i < N; Perm(m[i], 1/2));
      ensures (\forall int i; 0 <= i && i < N; m[i] == \old(m[i]));
      ensures (\forall* int i, int j; 0 <= i && i < N && 0 <= j && j < M; Perm(m[i][j], 1));
      ensures (\forall int i, int j; 0 <= i && i < N && 0 <= j && j < M; m[i][j] == \old(m[i][j]) + 1); @*/
  public static void increment(int[][] m) {
    //@ loop_invariant 0 <= i && i <= N;
    //@ loop_invariant (\forall* int a; 0 <= a && a < N; Perm(m[a], 1/2));
    //@ loop_invariant (\forall int a; 0 <= a && a < N; m[a] == \old(m[a]));
    //@ loop_invariant (\forall* int a, int b; 0 <= a && a < N && 0 <= b && b < M; Perm(m[a][b], 1));
    //@ loop_invariant (\forall int a, int b; 0 <= a && a < i && 0 <= b && b < M; m[a][b] == \old(m[a][b]) + 1);
    //@ loop_invariant (\forall int a, int b; i <= a && a < N && 0 <= b && b < M; m[a][b] == \old(m[a][b]));
    for (int i = 0; i < N; i++) {
      //@ loop_invariant 0 <= j && j <= M;
      //@ loop_invariant (\forall* int a; 0 <= a && a < N; Perm(m[a], 1/2));
      //@ loop_invariant (\forall int a; 0 <= a && a < N; m[a] == \old(m[a]));
      //@ loop_invariant (\forall* int a, int b; 0 <= a && a < N && 0 <= b && b < M; Perm(m[a][b], 1));
      //@ loop_invariant (\forall int a, int b; 0 <= a && a < i && 0 <= b && b < M; m[a][b] == \old(m[a][b]) + 1);
      //@ loop_invariant (\forall int b; 0 <= b && b < j; m[i][b] == \old(m[i][b]) + 1);
      //@ loop_invariant (\forall int b; j <= b && b < M; m[i][b] == \old(m[i][b]));
      //@ loop_invariant (\forall int a, int b; i < a && a < N && 0 <= b && b < M; m[a][b] == \old(m[a][b]));
      for (int j = 0; j < M; j++) {
        m[i][j] += 1;
      }
    }
  }

  public static void main(String[] args) {
    int[][] m = new int[N][M];
    //@ assert m.length == 3 && m[2].length == 4 && m[1][3] == 0;
    //@ assert m[0] != m[1] && m[1] != m[2];
    m[1][2] = 5;
    increment(m);
    //@ assert m[1][2] == 6 && m[0][0] == 1;
    int[][][] c = new int[2][N][M];
    c[1][2][3] = 7;
    //@ assert c[1][2][3] == 7 && c[0][2][3] == 0 && c[1][2] != c[0][2];
    int[][] rows = new int[2][];
    //@ assert rows[0] == null;
  }
}
