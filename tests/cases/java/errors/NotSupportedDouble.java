// expect-error: notSupported
// Floating-point types are not modelled.
public class NotSupportedDouble {
  /*[/expect notSupported]*/double/*[/end]*/ x;
}
