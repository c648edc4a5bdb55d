// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// A class declared in a class (`static class Cell`, and a nested
// interface): a class of the unit as if declared beside its outer class,
// with the annotations of its own. tests/cases/calvin/NestedClassBugs.java:
// the same broken.
class Outer {
  /*@ env_assumption \old(value) <= value */
  static class Cell {
    /*@ unwritable_by_env_if holder == tid */
    int value;
  }

  interface Named {
  }

  /*@ unwritable_by_env_if true */
  Cell cell;

  /*@ requires cell != null */
  void bump() {
    Cell c = cell;
    synchronized (c) {
      c.value = c.value + 1;
    }
  }
}
