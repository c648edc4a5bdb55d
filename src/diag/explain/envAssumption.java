// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// reset writes x without the monitor, though a thread holding it assumes x does not change.
class Box {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void reset() {
    /*[/expect envAssumption]*/
    x = 0;
    /*[/end]*/
  }
}
