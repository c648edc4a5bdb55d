// expect-error: typeError:mismatch
// Java has no truthy integers.
public class MismatchCondition {
  public void m(int x) {
    if (/*[/expect typeError:mismatch]*/x/*[/end]*/) {
      x = 0;
    }
  }
}
