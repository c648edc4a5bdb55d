// expect-error: notSupported
// Mutable static fields (global state) are not supported yet; constants are.
public class NotSupportedStaticField {
  static final int N = 1;
  /*[/expect notSupported]*/static/*[/end]*/ int count;
}
