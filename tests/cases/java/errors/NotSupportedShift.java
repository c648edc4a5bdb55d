// expect-error: notSupported
// Shifts are not modelled yet.
public class NotSupportedShift {
  int m(int x) {
    return x /*[/expect notSupported]*/<</*[/end]*/ 1;
  }
}
