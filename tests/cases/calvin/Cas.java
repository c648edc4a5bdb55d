// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin's `CAS(l, e, n)` (§2): one atomic step that swaps l and n when l
// equals e, and changes nothing otherwise; here a spin lock on the static
// int m. `var t = tid;` is Java 10's local with the value's type.
// tests/cases/calvin/CasBugs.java: broken variants.
/*@ env_assumption \old(m) == tid ==> m == \old(m) && x == \old(x) */
/*@ global_invariant m == 0 ==> x >= 0 */
class Cas {
  static int x, m;

  void inc() {
    var t = tid;
    //@ loop_invariant t == tid || (t == 0 && m == tid && x >= 0);
    while (t == tid) {
      CAS(m, 0, t);
    }
    x = x + 1;
    //@ assert x > 0;
    m = 0;
  }
}
