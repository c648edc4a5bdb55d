// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Static fields that are not final as shared state (the TMV note's global
// variables, `static int mx, x;`): the fields of the class's one statics
// object, shared as every object's fields are. acquire(mx) and release(mx)
// of an int mutex (the holder's tid, 0 when free) are the atomic steps
// `when mx == 0 do mx = tid` and `mx = 0`, as in Calvin-R.
// tests/cases/calvin/StaticSharedBugs.java: the discipline broken.
/*@ global_invariant mx == 0 ==> x >= 0 */
class StaticShared {
  /*@ unwritable_by_env_if mx == tid */
  static int mx, x;

  void add() {
    acquire(mx);
    x = x + 1;
    //@ assert x > 0;
    release(mx);
  }

  void reset() {
    acquire(mx);
    x = 0;
    release(mx);
  }
}
