// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// A `requires` on a Calvin thread's run() (not Thread's contract, which is
// about permissions, that a Calvin program has none of): run assumes it
// when its thread starts, and `start()` checks it, of the started thread
// (`this` the Thread object, `tid` its thread's id), in the state the
// thread starts in. tests/cases/calvin/RunRequiresBug.java: a start before
// the precondition holds.
/*@ env_assumption \old(counter) <= counter */
class Box {
  /*@ unwritable_by_env_if holder == tid */
  int counter;
}

class Worker extends Thread {
  /*@ unwritable_by_env_if tid == main || box != null */
  Box box;

  /*@ requires box != null && tid != 1 */
  public void run() {
    //@ loop_invariant box != null;
    for (;;) {
      synchronized (box) {
        box.counter = box.counter + 1;
      }
    }
  }
}

class Main {
  public static void main(String[] args) {
    Box b = new Box();
    Worker w = new Worker();
    w.box = b;
    w.start();
  }
}
