// expect-error: notSupported
// A call of a method whose abstraction `modifies` locations (its stutter
// steps), inside a body that is itself checked against an abstraction, is
// not supported yet: each of the callee's stutter steps would have to be a
// step of the caller's abstraction too. On Silicon, the program is refused
// as a Calvin program.
/*@ env_assumption \old(n) <= n; */
class Counter {
  int n;
  int scratch;

  /*@ modifies scratch;
      action: also_modifies n ensures n == \old(n) + 1; */
  void inc() {
    scratch = 0;
    atomic: {
      n = n + 1;
    }
  }

  /*@ modifies scratch;
      action: also_modifies n ensures n == \old(n) + 1; */
  void incAgain() {
    inc();
  }
}
