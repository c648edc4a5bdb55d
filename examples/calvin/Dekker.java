// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Dekker's mutual exclusion (TMV note §6.1): the two threads are never in
// their critical sections at once.
//
// The paper's annotations, in the concrete syntax: A_i = (a_i == a_i' &&
// cs_i == cs_i') is an `unwritable_by_env_if tid == i` on a_i and cs_i; the
// strengthened invariant I is the global_invariant. The paper's cs_i are
// auxiliary variables (true while thread i is in its critical section): here
// ghost fields. In the paper `cs1 := !a2` is one atomic step; in Java it is
// the read of a2 with a ghost record of its outcome, `//@ set cs1 = !a2;`,
// which weft takes as one step (a ghost field's write belongs to the step
// of the one shared read of its value). Thread 1 has tid 1 and thread 2 tid 2.
//
// tests/cases/calvin/DekkerWeak.java: with the invariant not strengthened.
/*@ global_invariant !(cs1 && cs2) && (cs1 ==> a1) && (cs2 ==> a2); */
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
      //@ set cs1 = !a2;
      if (cs1) {
        // critical section
        //@ set cs1 = false;
      }
      a1 = false;
    }
  }

  /*@ requires tid == 2 && !cs2; */
  void thread2() {
    //@ loop_invariant !cs2;
    while (true) {
      a2 = true;
      //@ set cs2 = !a1;
      if (cs2) {
        // critical section
        //@ set cs2 = false;
      }
      a2 = false;
    }
  }
}
