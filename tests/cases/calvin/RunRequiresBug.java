// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/RunRequires.java, broken: main starts the worker
// before it links the box, so run()'s precondition fails at the start.
/*@ env_assumption \old(counter) <= counter */
class Box {
  /*@ unwritable_by_env_if holder == tid */
  int counter;
}

class Worker extends Thread {
  /*@ unwritable_by_env_if tid == main || box != null */
  Box box;

  /*@ requires box != null */
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
    /*[/expect preFailed]*/
    w.start();
    /*[/end]*/
    w.box = b;
  }
}
