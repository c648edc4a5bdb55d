// expect-error: notSupported
// Class ghost arguments are parsed; the locks issue gives them meaning.
public class Cell {
  public int v;
}

public class NotSupportedClassGhostArgs {
  public void m() {
    /*[/expect notSupported]*/Cell/*@<1>@*//*[/end]*/ c = new Cell();
  }
}
