// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin (Flanagan, Freund, Qadeer, Seshia: "Modular verification of
// multithreaded programs", TCS 2005), §7.1, fig. 7: the Apprentice challenge,
// with the three annotations §7.1 adds to it (the env_assumption "in the
// Container class", unwritable_by_env_if on counter and on objref). The
// paper's claim: Calvin verifies the environment assumption (every
// Container's counter only grows) together with those the annotations
// induce. ApprenticeBug.java: the paper's bug.
//
// weft needs one clause more than the paper writes, and says why: run()
// locks objref, which is null in a Job no one has linked yet; nothing the
// paper writes tells the thread that objref is set when it starts (main
// sets it before job.start(), a fact about main's code), so weft reports
// lockNull at the synchronized without it. The global invariant on Job
// states it (`start`: the job's thread is forked, Calvin §6.2), and main's
// code keeps it.
class Container {
  /*@ env_assumption \old(counter) <= counter */
  /*@ unwritable_by_env_if holder == tid */
  int counter;
}

/*@ global_invariant start ==> objref != null */
class Job extends Thread {
  /*@ unwritable_by_env_if tid == main || objref != null */
  Container objref;
  public final void run() {
    for (;;) {
      synchronized(objref) { objref.counter = objref.counter + 1; }
    }
  }
}
class Apprentice {
  public static void main(String[] args) {
    Container container = new Container();
    for (;;) {
      Job job = new Job();
      job.objref = container;
      job.start();
    }
  }
}
