// expect-error: notSupported
// A call of a method whose abstraction modifies locations outside its
// actions (its stutter steps may interleave with the environment's) is not
// supported yet; on Silicon, the program is refused as a Calvin program.
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

  void caller() {
    inc();
  }
}
