// expect-error: notSupported
// A static synchronized method holds the class's lock, which weft does not model.
public class NotSupportedStaticSynchronized {
  public /*[/expect notSupported]*/synchronized/*[/end]*/ static void m() {
  }
}
