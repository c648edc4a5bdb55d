// VerCors's comment forms: a block comment whose line starts with `@` is a
// specification from that `@` on; an expectation marker may leave its
// comment open (a `/*@` follows on the next line); a region around a whole
// method catches its postcondition's failure.
public class VerCorsComments {
  int y;

  /*
    @ context Perm(y, write);
    @ ensures y == \old(y) + 1;
  */
  public void incr() {
    y = y + 1;
  }

  /*[/expect postFailed:false]
  /*@
    context Perm(y, write);
    ensures y == \old(y) + 2;
  @*/
  void wrong() {
    y = y + 1;
  }
  /*[/end]*/

  //@ ensures \result > 0;
  /*[/expect postFailed:false]*/
  int zero() {
    return 0;
  }
  /*[/end]*/
}
