// perm: reading a field without any permission to it.
public class Perm {
  private int f;

  public int m() {
    /*[/expect perm]*/
    int y = f;
    /*[/end]*/
    return y;
  }
}
