// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Allocation in a Calvin thread, broken: an object once published (its
// reference stored in a field) may be another thread's, so a write of its
// counter without its monitor breaks that thread's assumption; a thread
// other than main may not set a job's objref, not even of a job it just
// made (the annotation forbids it for every job); a new object must
// satisfy the global invariant at once (its fields have default values).
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

class Job {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;
}

/*@ global_invariant size > 0; */
class Sized {
  int size;
}

class Apprentice {
  static void main() {
    Container container = new Container();
    Job job = new Job();
    job.objref = container;
    /*[/expect envAssumption]*/
    container.counter = 5;
    /*[/end]*/
  }

  /*@ requires tid != main; */
  static void worker() {
    Container c = new Container();
    c.counter = 5;
    Job job = new Job();
    /*[/expect envAssumption]*/
    job.objref = c;
    /*[/end]*/
  }

  static void sized() {
    /*[/expect globalInvariant]*/
    Sized s = new Sized();
    /*[/end]*/
  }
}
