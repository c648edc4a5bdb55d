// expect-error: notSupported
// JML's comprehensions with a binder are refused with their span (the vector
// sum `\sum([lo .. hi], v)` is supported: tests/cases/java/pass/VectorSums.java).
class Comprehensions {
  //@ requires /*[/expect notSupported]*/(\num_of int i; 0 <= i && i < n; i % 2 == 0)/*[/end]*/ >= 0;
  void m(int n) {}

  //@ requires /*[/expect notSupported]*/(\sum int i; 0 <= i && i < n; i)/*[/end]*/ >= 0;
  void s(int n) {}

  //@ requires /*[/expect notSupported]*/(\max int i; 0 <= i && i < n; i)/*[/end]*/ >= 0;
  //@ requires /*[/expect notSupported]*/(\min int i; 0 <= i && i < n; i)/*[/end]*/ >= 0;
  void x(int n) {}
}
