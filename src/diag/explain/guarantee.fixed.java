// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// inc now only increases y, under the monitor, so no other thread can change y in between.
/*@ env_assumption \old(y) <= y; */
class Grow {
  /*@ unwritable_by_env_if holder == tid; */
  int y;

  void inc() {
    synchronized (this) {
      int t = y;
      y = t + 1;
    }
  }
}
