// preFailed: the callee assumes distinct rows; the caller made two rows one.
public class RowsAliasedCall {
  /*@ requires m != null ** m.length == 3;
      requires (\forall* int i; 0 <= i && i < 3; Perm(m[i], 1/2));
      requires (\forall int i; 0 <= i && i < 3; m[i] != null && m[i].length == 4);
      requires (\forall int i, int k; 0 <= i && i < 3 && 0 <= k && k < 3 && i != k; m[i] != m[k]);
      requires (\forall* int i, int j; 0 <= i && i < 3 && 0 <= j && j < 4; Perm(m[i][j], 1)); @*/
  public static void use(int[][] m) {
  }

  public static void aliasedCall() {
    int[][] m = new int[3][4];
    m[0] = m[1];
    /*[/expect preFailed:false]*/
    use(m);
    /*[/end]*/
  }
}
