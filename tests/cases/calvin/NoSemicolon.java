// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin's papers write ESC/Java's pragmas without the closing `;`
// (`/*@ env_assumption \old(counter) <= counter */`, Calvin §7.1): a clause
// ends at the end of its comment or where the next clause's keyword starts.
// Both spellings read the same; here mixed, and several clauses in one
// comment. tests/cases/calvin/NoSemicolonBugs.java: the same clauses broken.
/*@ env_assumption \old(counter) <= counter */
/*@ global_invariant 0 <= counter; */
class Counter {
  /*@ unwritable_by_env_if holder == tid */
  int counter;
  /*@ unwritable_by_env_if holder == tid; */
  int other;

  /*@ requires counter >= 0
      ensures true */
  void inc() {
    synchronized (this) {
      counter = counter + 1;
      other = counter;
    }
  }
}
