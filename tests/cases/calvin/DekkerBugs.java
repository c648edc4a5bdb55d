// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Dekker's algorithm (TMV note §6.1) broken: thread 1 enters without raising
// its flag; thread 2 writes thread 1's flag; and with real (not ghost) fields
// cs_i the test of a2 and the record of its outcome are two steps, between
// which thread 2 may enter.
/*@ global_invariant !(cs1 && cs2) && (cs1 ==> a1) && (cs2 ==> a2); */
class Dekker {
  /*@ unwritable_by_env_if tid == 1; */
  boolean a1;
  /*@ unwritable_by_env_if tid == 1; */
  boolean cs1;
  /*@ unwritable_by_env_if tid == 2; */
  boolean a2;
  /*@ unwritable_by_env_if tid == 2; */
  boolean cs2;

  /*@ requires tid == 1 && !cs1; */
  void noFlag() {
    /*[/expect globalInvariant]*/
    cs1 = !a2;
    /*[/end]*/
  }

  /*@ requires tid == 2; */
  void writesOthers() {
    /*[/expect envAssumption]*/
    a1 = true;
    /*[/end]*/
  }

  /*@ requires tid == 1 && !cs1; */
  void twoSteps() {
    a1 = true;
    /*[/expect globalInvariant]*/
    cs1 = !a2;
    /*[/end]*/
  }
}
