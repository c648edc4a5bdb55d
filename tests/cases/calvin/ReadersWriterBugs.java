// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The reader-writer lock (TMV note §6.2) used wrongly: a writer that does not
// take the lock, and a reader that reads x twice without it.
/*@ global_invariant r == set<int>{} || w == 0; */
/*@ env_assumption ((\old(w) == tid) == (w == tid)) && ((tid \in \old(r)) == (tid \in r)); */
class RwLock {
  /*@ unwritable_by_env_if holder == tid; */
  int w;
  /*@ unwritable_by_env_if holder == tid; */
  //@ ghost set<int> r;
  /*@ unwritable_by_env_if tid \in r; */
  int x;
  /*@ unwritable_by_env_if tid == 2; */
  int y;

  // Writes x while a reader may hold the lock.
  /*@ requires tid == 1; */
  void writer() {
    /*[/expect envAssumption]*/
    x = 3;
    /*[/end]*/
  }

  // Without the read lock, x may change between the two reads.
  /*@ requires tid == 2; */
  void reader() {
    y = x;
    /*[/expect assertFailed:false]*/
    //@ assert y == x;
    /*[/end]*/
  }
}
