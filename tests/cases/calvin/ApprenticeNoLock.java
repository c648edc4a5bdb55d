// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice's Job without the monitor: another thread holding the
// container's monitor may not see its counter change.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

class Job {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;

  /*@ requires tid != main && objref != null; */
  void run() {
    /*[/expect envAssumption]*/
    objref.counter = objref.counter + 1;
    /*[/end]*/
  }
}
