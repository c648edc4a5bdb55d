// expect-error: typeError:mismatch
// Ghost arguments for a class without ghost parameters.
public class Cell {
  public int v;
}

public class MismatchGhostArgs {
  public void m() {
    /*[/expect typeError:mismatch]*/Cell/*@<1>@*//*[/end]*/ c = new Cell();
  }
}
