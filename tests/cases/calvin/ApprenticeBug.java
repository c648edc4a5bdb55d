// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice's bug (Calvin §7.1), as the paper writes it: main writes
// job.objref again after the job has started, so the job's counter update
// may go to another container. Calvin: "Write of variable when not
// allowed", at the write, the annotation on objref as the associated
// declaration. A start before the link breaks the invariant on Job.
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

  public static void early() {
    Container container = new Container();
    Job job = new Job();
    /*[/expect globalInvariant]*/
    job.start();
    /*[/end]*/
    job.objref = container;
  }
}
