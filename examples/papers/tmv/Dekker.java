// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// TMV note §6.1, Dekker's mutual exclusion algorithm. The paper's claim:
// with the assumptions A_1, A_2 and the strengthened invariant I the
// checker verifies that the algorithm achieves mutual exclusion,
// ¬(cs_1 ∧ cs_2).
//
// Typed in from Plato: the variables are static fields, `:=` is `=`,
// "Initially" is each thread's precondition, thread i is the method
// threadI with tid i. The paper introduces cs_1 and cs_2 as auxiliary
// variables (true while thread i is in its critical section), and
// `cs_1 := ¬a_2` is one atomic step of Plato: here cs_i are ghost fields
// and the step is the ghost write `//@ set cs1 = !a2;` (one step: the one
// read of a_2, which the ghost write joins). A_i = (a_i = a_i' ∧ cs_i =
// cs_i') and I as printed; `i` is tid.
//
// weft needs more than the paper: the loops' invariant `!cs_i` (the paper's
// checker unrolled loops, which is not sound).
/*@ env_assumption tid == 1 ==> a1 == \old(a1) && cs1 == \old(cs1) */
/*@ env_assumption tid == 2 ==> a2 == \old(a2) && cs2 == \old(cs2) */
/*@ global_invariant !(cs1 && cs2) && (cs1 ==> a1) && (cs2 ==> a2) */
class Dekker {
  static boolean a1;
  static boolean a2;
  //@ ghost static boolean cs1;
  //@ ghost static boolean cs2;

  /*@ requires tid == 1 && !cs1 && !cs2 */
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

  /*@ requires tid == 2 && !cs1 && !cs2 */
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
