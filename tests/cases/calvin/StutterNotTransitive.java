// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// A caller of beginWrite keeps, across its stutter steps, only the clauses
// of E that read neither hasWriter nor holder, and weft checks that those
// are reflexive and transitive on their own. Here one clause keeps writer
// while the thread holds the monitor or is the writer: it reads holder, so
// the stutter block does not keep it, and without it the environment may
// hand writer from tid to another thread and back: tbl's clause alone is
// not transitive (its check fails at the annotation), and the caller does
// not keep writer == tid across beginWrite's stutter steps, so its write of
// tbl is not allowed. E as a whole is reflexive and transitive.
/*@ env_assumption \old(writer) != tid ==> writer != tid; */
class StutterNotTransitive {
  /*@ unwritable_by_env_if holder == tid || writer == tid; */
  int writer;
  /*@ unwritable_by_env_if holder == tid; */
  boolean hasWriter;
  /*[/expect envAssumption]*/
  /*@ unwritable_by_env_if writer == tid; */
  /*[/end]*/
  int tbl;

  /*@ requires tid == 1 && writer == 0; */
  void background() {
    beginWrite();
    int v = tbl;
    /*[/expect envAssumption]*/
    tbl = v + 1;
    /*[/end]*/
    //@ assert tbl == v + 1;
    endWrite();
  }

  /*@ modifies hasWriter, holder;
      action: also_modifies writer ensures \old(holder) == tid && holder == tid && \old(writer) == 0 && writer == tid; */
  void beginWrite() {
    //@ ghost int pc = 1;
    boolean done = false;
    //@ loop_invariant (pc == 1 && !done) || (pc == 2 && done && writer == tid);
    while (!done) {
      synchronized (this) {
        hasWriter = true;
        int w = writer;
        if (w == 0) {
          writer = tid;
          done = true;
        }
      }
    }
  }

  /*@ requires writer == tid;
      modifies hasWriter, holder;
      action: also_modifies writer ensures \old(holder) == tid && holder == tid && \old(writer) == tid && writer == 0; */
  void endWrite() {
    synchronized (this) {
      hasWriter = false;
      writer = 0;
    }
  }
}
