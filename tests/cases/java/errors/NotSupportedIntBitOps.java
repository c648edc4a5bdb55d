// expect-error: notSupported
// Bit operators on integers are not modelled (VerCors has no model of them either).
public class NotSupportedIntBitOps {
  int m(int x) {
    return /*[/expect notSupported]*/x & 1/*[/end]*/;
  }
}
