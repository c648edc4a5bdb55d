// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin fig. 5 (and the TMV note's SimpleLock, §4.1), with Java's monitor as the
// mutex: x is written only by the thread that holds the monitor of its object,
// and x >= 0 whenever the monitor is free. Each method is one thread, verified
// on its own against every other thread's steps (the environment assumption).
/*@ global_invariant holder == 0 ==> x >= 0; */
class SimpleLock {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void t1() {
    synchronized (this) {
      x = x + 1;
      //@ assert x > 0;
    }
  }

  void t2() {
    synchronized (this) {
      x = 0;
    }
  }
}
