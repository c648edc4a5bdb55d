// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/NewArray.java, broken.
/*@ global_invariant data != null && 0 <= count && count <= data.length */
class Buffer {
  /*@ unwritable_by_env_if holder == tid */
  int count;
  /*@ unwritable_by_env_if holder == tid */
  int[] data;

  // One element short: the invariant breaks where data is replaced.
  synchronized void shrink() {
    int n = count;
    if (n > 0) {
      int[] fresh = new int[n - 1];
      /*[/expect globalInvariant]*/
      data = fresh;
      /*[/end]*/
    }
  }

  void negative(int k) {
    if (k < 0) {
      /*[/expect arraySize]*/
      int[] fresh = new int[k];
      /*[/end]*/
    }
  }

  void outOfBounds() {
    int[] fresh = new int[2];
    /*[/expect arrayBounds]*/
    fresh[2] = 1;
    /*[/end]*/
  }
}
