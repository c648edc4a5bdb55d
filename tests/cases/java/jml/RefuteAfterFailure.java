// A refute after a failed assertion fails as well, on both backends: Silicon
// ends the branch at the failure, so the refute is not reached; Boogie goes on
// assuming what failed, so the refuted fact holds. A refute before a failure
// that does hold is not reported, and the failure after it still is.
public class RefuteAfterFailure {
  int x;

  //@ requires Perm(x, write) ** x == 2;
  void afterAssert() {
    //@ [/expect assertFailed:false] assert x == 3; [/end]
    //@ [/expect refuteFailed] refute x == 3; [/end]
  }

  //@ requires Perm(x, write) ** x == 2;
  //@ ensures Perm(x, write);
  void beforeAssert() {
    //@ refute x == 3;
    //@ [/expect assertFailed:false] assert x == 4; [/end]
  }
}
