// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// reset now takes the monitor before it writes x, so no holder sees x change.
class Box {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void reset() {
    synchronized (this) {
      x = 0;
    }
  }
}
