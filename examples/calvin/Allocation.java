// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Allocation in a Calvin thread (the Apprentice's main, Calvin §7.1, without
// `start()`): `new` gives an object no other thread can reach until the
// thread publishes it (stores, passes or copies its reference), so until
// then the environment leaves its fields alone: a write without the monitor
// is no race, and what the thread wrote stays. A new object's fields have
// their default values.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

class Job {
  /*@ unwritable_by_env_if tid == main || objref != null; */
  Container objref;
}

class Apprentice {
  static void main() {
    Container container = new Container();
    assert container.counter == 0;
    container.counter = 5;
    assert container.counter == 5;
    Job job = new Job();
    assert job.objref == null;
    // The main thread may set a job's objref once (no other thread may).
    job.objref = container;
    assert job.objref == container;
  }
}
