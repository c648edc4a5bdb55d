// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/NoSemicolon.java's clauses, written without `;`, each
// broken by a write: the clause read to the end of its comment is checked.
/*@ env_assumption \old(counter) <= counter */
/*@ global_invariant 0 <= other */
class CounterBugs {
  /*@ unwritable_by_env_if holder == tid */
  int counter;
  int other;

  void dec() {
    synchronized (this) {
      /*[/expect guarantee]*/
      counter = counter - 1;
      /*[/end]*/
    }
  }

  void unlocked() {
    /*[/expect envAssumption]*/
    counter = 5;
    /*[/end]*/
  }

  void negative() {
    /*[/expect globalInvariant]*/
    other = -1;
    /*[/end]*/
  }
}
