// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// `new T[n]` in a Calvin thread (the JDK Vector's trimToSize, which Calvin
// §7.3 elides): a fresh array of length n, published under the monitor.
// Its elements, like every shared array's, may hold anything after an
// environment step. tests/cases/calvin/NewArrayBugs.java: broken variants.
/*@ global_invariant data != null && 0 <= count && count <= data.length */
class Buffer {
  /*@ unwritable_by_env_if holder == tid */
  int count;
  /*@ unwritable_by_env_if holder == tid */
  int[] data;

  synchronized void trimToSize() {
    int n = count;
    int[] fresh = new int[n];
    //@ assert fresh.length == n;
    data = fresh;
  }

  synchronized void clear() {
    int[] fresh = new int[0];
    count = 0;
    data = fresh;
  }
}
