// expect-error: notSupported
// `\vcmp` of two repetitions has no sequence to range over.
class VectorCompareOfRepeats {
  //@ ensures \sum([0 .. 2], /*[/expect notSupported]*/\vcmp(\vrep(1), \vrep(1))/*[/end]*/) == 2;
  void m() {}
}
