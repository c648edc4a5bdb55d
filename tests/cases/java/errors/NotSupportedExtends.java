// expect-error: notSupported
// Inheritance between user classes has no meaning in weft yet.
public class Base {
  public int x;
}

public class NotSupportedExtends /*[/expect notSupported]*/extends Base/*[/end]*/ {
}
