// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/StaticShared.java, broken: static shared fields are
// checked as any shared field is.
/*@ global_invariant mx == 0 ==> x >= 0 */
class StaticSharedBugs {
  /*@ unwritable_by_env_if mx == tid */
  static int mx, x;

  // Writes x without the mutex: another thread may hold it.
  void unlocked() {
    /*[/expect envAssumption]*/
    x = 0;
    /*[/end]*/
  }

  // Reads x twice without the mutex: the environment changes it in between.
  void stale() {
    int a = x;
    int b = x;
    /*[/expect assertFailed]*/
    //@ assert a == b;
    /*[/end]*/
  }

  // Releases the mutex with x negative.
  void negative() {
    acquire(mx);
    x = -1;
    /*[/expect globalInvariant]*/
    release(mx);
    /*[/end]*/
  }
}
