// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// TMV note (Flanagan, Freund, Qadeer: "Thread-Modular Verification for
// Shared-Memory Programs", SRC TN 2001-003), §4.1, the SimpleLock program.
// The paper's claim: Thread_1 never fails its assertion `x > 1` (the checker
// verifies both threads' 1- and 2-abstractions).
//
// The paper writes it in Plato; typed in as Java: the shared variables are
// static fields, `:=` is `=`, acq(mx)/rel(mx) are acquire(mx)/release(mx)
// (the atomic steps <mx = 0 ∧ mx' = i>_mx and <mx' = 0>_mx), each thread is
// a method. The environment assumption A_i = (mx = i ⇒ mx' = i ∧ x' = x)
// as printed, x' the post-state (`x`) and x the pre-state (`\old(x)`).
/*@ env_assumption \old(mx) == tid ==> mx == tid && x == \old(x) */
class SimpleLock {
  static int mx, x;

  void thread1() {
    acquire(mx);
    x = x * x;
    x = x + 2;
    //@ assert x > 1;
    release(mx);
  }

  void thread2() {
    acquire(mx);
    x = 0;
    release(mx);
  }
}
