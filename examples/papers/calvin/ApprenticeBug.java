// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin §7.1: the bug Moore and Porter suggest in the Apprentice example
// (fig. 7, Apprentice.java), main as the paper prints it: main writes
// job.objref again after the job has started. The paper's claim: Calvin
// warns "Apprentice.java:29: Warning: Write of variable when not allowed"
// at `job.objref = bogus;`, the annotation on objref as the associated
// declaration: weft's envAssumption, at that line.
//
// The rest is Apprentice.java's (fig. 7 with §7.1's annotations, and the
// global invariant weft needs, said why there).
class Container {
  /*@ env_assumption \old(counter) <= counter */
  /*@ unwritable_by_env_if holder == tid */
  int counter;
}

/*@ global_invariant start ==> objref != null */
class Job extends Thread {
  /*@ unwritable_by_env_if (tid == main || objref != null) */
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
    Container bogus = new Container();
    for (;;) {
      Job job = new Job();
      job.objref = container;
      job.start();
      /*[/expect envAssumption]*/
      job.objref = bogus;
      /*[/end]*/
    }
  }
}
