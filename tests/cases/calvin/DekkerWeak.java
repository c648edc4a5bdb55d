// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Dekker's algorithm (TMV note §6.1) with the invariant as first stated,
// !(cs1 && cs2): "this invariant cannot be verified directly". The other
// thread's cs2 may be set with a2 clear, so entering on !a2 may break it.
/*@ global_invariant !(cs1 && cs2); */
class Dekker {
  /*@ unwritable_by_env_if tid == 1; */
  boolean a1;
  /*@ unwritable_by_env_if tid == 1; */
  //@ ghost boolean cs1;
  /*@ unwritable_by_env_if tid == 2; */
  boolean a2;
  /*@ unwritable_by_env_if tid == 2; */
  //@ ghost boolean cs2;

  /*@ requires tid == 1 && !cs1; */
  void thread1() {
    //@ loop_invariant !cs1;
    while (true) {
      a1 = true;
      /*[/expect globalInvariant]*/
      //@ set cs1 = !a2;
      /*[/end]*/
      if (cs1) {
        //@ set cs1 = false;
      }
      a1 = false;
    }
  }
}
