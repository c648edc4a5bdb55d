// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The Apprentice's Job when other threads may change objref (its annotation
// left out): between the reads, objref may move to another container, whose
// counter the write may then lower (other threads never make it null).
/*@ env_assumption \old(counter) <= counter; */
class Container {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;
}

/*@ env_assumption \old(objref) != null ==> objref != null; */
class Job {
  Container objref;

  /*@ requires tid != main && objref != null;
      requires (\forall Container c; c != null; c.holder != tid);
 */
  void run() {
    synchronized (objref) {
      /*[/expect envAssumption]*/
      objref.counter = objref.counter + 1;
      /*[/end]*/
    }
  }
}
