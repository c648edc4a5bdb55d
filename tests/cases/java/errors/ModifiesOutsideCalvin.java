// expect-error: notSupported
// `modifies` is a history action's frame or a Calvin method abstraction's.
// On a plain method weft would not check it, so it refuses it.
class Plain {
  int x;

  /*@ modifies /*[/expect notSupported]*/x/*[/end]*/; */
  void set() { x = 1; }
}
