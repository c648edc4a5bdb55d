// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The invariant says x >= 0 whenever the monitor is free, but bad frees it with x at -1.
/*@ global_invariant holder == 0 ==> x >= 0; */
class Box {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void bad() {
    /*[/expect globalInvariant]*/
    synchronized (this) {
      x = -1;
    }
    /*[/end]*/
  }
}
