// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The thread now restores x >= 0 before it frees the monitor.
/*@ global_invariant holder == 0 ==> x >= 0; */
class Box {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void good() {
    synchronized (this) {
      x = -1;
      x = 0;
    }
  }
}
