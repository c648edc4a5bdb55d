// foldFailed:perm: folding the buffer's state with a permission it does not hold.
public class FoldFailed {
  public int inp;
  public int out;

  //@ resource state(frac p) = Perm(inp, p) ** Perm(out, p);

  //@ requires Perm(inp, 1) ** Perm(out, 1/2);
  public void m() {
    /*[/expect foldFailed:perm]*/
    //@ fold state(1);
    /*[/end]*/
  }
}
