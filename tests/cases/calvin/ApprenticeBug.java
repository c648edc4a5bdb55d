// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice's bug (Calvin §7.1): main writes job.objref again after the
// job has started, so the job's counter update may go to another container.
// Calvin: "Write of variable when not allowed", at the write, the annotation
// on objref as the associated declaration.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

class Job {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;

  /*@ requires tid == main && job != null && job.objref != null; */
  static void relink(Job job, Container bogus) {
    /*[/expect envAssumption]*/
    job.objref = bogus;
    /*[/end]*/
  }
}
