// expect-error: parseError
// `++` and `--` change a variable: `x----` decrements the value `x--`,
// which Java refuses.
class IncrementOfValue {
  int m(int x) {
    return /*[/expect parseError]*/x--/*[/end]*/--;
  }
}
