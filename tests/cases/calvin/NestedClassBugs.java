// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/NestedClass.java, broken: the nested class's
// annotations are checked as any class's.
class Outer {
  /*@ env_assumption \old(value) <= value */
  static class Cell {
    /*@ unwritable_by_env_if holder == tid */
    int value;
  }

  /*@ unwritable_by_env_if true */
  Cell cell;

  /*@ requires cell != null */
  void drop() {
    Cell c = cell;
    synchronized (c) {
      /*[/expect guarantee]*/
      c.value = c.value - 1;
      /*[/end]*/
    }
  }

  /*@ requires cell != null */
  void unlocked() {
    Cell c = cell;
    /*[/expect envAssumption]*/
    c.value = 7;
    /*[/end]*/
  }
}
