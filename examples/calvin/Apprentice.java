// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice challenge (Moore and Porter; Calvin §7.1): every Container's
// counter only grows, however many Job threads increment it at once.
//
// A Job thread reads objref three times an iteration (for the monitor, to read
// the counter, to write it); it works because no other thread changes a Job's
// objref once it is set (the annotation on objref) and no other thread writes
// a counter while this one holds its monitor (the annotation on counter).
//
// weft has no `new` or `start()` in a Calvin thread yet: main's part is
// `link` (`job.objref = container` before the job starts) and, in
// tests/cases/calvin/ApprenticeBug.java, the bug (the write after the start).
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

class Job {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;

  // Two facts the paper leaves implicit (see calvin-boogie/apprentice_nopre.bpl):
  // objref is set when the thread runs, and a new thread holds no monitor.
  /*@ requires tid != main && objref != null;
      requires (\forall Container c; c != null; c.holder != tid); */
  void run() {
    //@ loop_invariant objref != null;
    //@ loop_invariant (\forall Container c; c != null; c.holder != tid);
    while (true) {
      synchronized (objref) {
        objref.counter = objref.counter + 1;
      }
    }
  }

  // main's write before the job starts: the field is still null.
  /*@ requires tid == main && job != null && job.objref == null; */
  static void link(Job job, Container container) {
    job.objref = container;
  }
}
