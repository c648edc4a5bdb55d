// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice challenge (Moore and Porter; Calvin §7.1, fig. 7), as the
// paper writes it: main creates a Container and, forever, Jobs that it links
// to the container and starts; every Container's counter only grows,
// however many Job threads increment it at once.
//
// A Job thread reads objref three times an iteration (for the monitor, to
// read the counter, to write it); it works because no other thread changes
// a Job's objref once it is set (the annotation on objref) and no other
// thread writes a counter while this one holds its monitor (the annotation
// on counter). `job.start()` forks the job's thread (Calvin §6.2: its `run`
// runs with `tid == this` and `start` set; weft gives each Thread object an
// id of its own).
//
// weft needs one fact more than the paper, which leaves it implicit: a
// started Job's objref is set (the global invariant on Job; main's
// `job.start()` after the link keeps it). tests/cases/calvin/ApprenticeBug.java:
// the paper's bug, main's write of objref after the start.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

/*@ global_invariant start ==> objref != null; */
class Job extends Thread {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;

  public final void run() {
    for (;;) {
      synchronized (objref) {
        objref.counter = objref.counter + 1;
      }
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
