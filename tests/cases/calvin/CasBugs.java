// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// tests/cases/calvin/Cas.java, broken: a CAS is one step, checked against
// the other threads' assumptions and the invariant as any write is.
/*@ env_assumption \old(m) == tid ==> m == \old(m) && x == \old(x) */
/*@ global_invariant m == 0 ==> x >= 0 */
class CasBugs {
  static int x, m;

  // Tries once: the CAS may fail, and x then belongs to another thread,
  // whose update may leave it negative when it lets m go.
  void once() {
    var t = tid;
    CAS(m, 0, t);
    /*[/expect globalInvariant]*/
    x = x + 1;
    /*[/end]*/
  }

  // Frees the lock another thread holds (m == other), with x its business.
  void steal() {
    int t = 0;
    int other = tid + 1;
    /*[/expect globalInvariant]*/
    CAS(m, other, t);
    /*[/end]*/
  }
}
