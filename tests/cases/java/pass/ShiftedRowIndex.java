// A quantifier over rows that computes an index from its variable (`m[i + 1]`)
// gets no location trigger (a trigger cannot hold arithmetic): the backend
// picks one, and the program still verifies.
public class ShiftedRowIndex {
  /*@ requires m != null ** m.length == 3;
      requires (\forall* int i; 0 <= i && i < 3; Perm(m[i], 1/2));
      requires (\forall int i; 0 <= i && i < 3; m[i] != null && m[i].length == 4);
      requires (\forall int i; 0 <= i && i < 2; m[i + 1] != null && m[i + 1].length == 4);
      requires (\forall* int j; 0 <= j && j < 4; Perm(m[2][j], 1));
      ensures (\forall* int i; 0 <= i && i < 3; Perm(m[i], 1/2));
      ensures (\forall int i; 1 <= i && i < 3; m[i - 1] == \old(m[i - 1])); @*/
  public static void g(int[][] m) {
    m[2][3] = 5;
  }
}
