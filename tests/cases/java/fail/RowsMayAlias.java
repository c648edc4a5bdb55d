// notInjective: a quantified permission over m[i][j] needs the rows distinct,
// and nothing here says so.
public class RowsMayAlias {
  /*@ requires m != null ** m.length == 3;
      requires (\forall* int i; 0 <= i && i < 3; Perm(m[i], 1/2));
      requires (\forall int i; 0 <= i && i < 3; m[i] != null && m[i].length == 4);
      /*[/expect notInjective]*/
      requires (\forall* int i, int j; 0 <= i && i < 3 && 0 <= j && j < 4; Perm(m[i][j], 1));
      /*[/end]*/ @*/
  public static void rowsMayAlias(int[][] m) {
  }
}
