// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Mercator's readers-writer lock and its client (Calvin §7.2, fig. 8), in
// weft's own code (Mercator's is not published): beginWrite's abstraction
// `modifies hasWriter, holder` — its stutter steps take the lock object's
// monitor and set the flag that holds new readers back, any number of
// times, interleaved with the other threads — and its one action takes the
// lock in write mode (writer: 0 -> tid) under the monitor. The background
// thread (tid 1) then reads and writes tbl, and its assertion holds however
// those steps interleave: tbl is unwritable by the environment while
// writer == tid, and neither the stutter steps nor the environment change
// writer once it is tid (the clauses of E that read neither hasWriter nor
// holder, which weft checks to be reflexive and transitive on their own).
//
// weft needs more than the paper: the actions say the monitor is held
// (`\old(holder) == tid && holder == tid`: they happen inside the
// synchronized block), and beginWrite's loop invariant mentions the
// abstraction's program counter, which the body declares.
//
// tests/cases/calvin/StutterBugs.java: a flag the stutter steps may change,
// a stutter that writes outside `modifies`; StutterNotTransitive.java.
/*@ env_assumption \old(writer) == tid ==> writer == tid; */
/*@ env_assumption \old(writer) != tid ==> writer != tid; */
class Table {
  /*@ unwritable_by_env_if holder == tid; */
  int writer;
  /*@ unwritable_by_env_if holder == tid; */
  boolean hasWriter;
  /*@ unwritable_by_env_if writer == tid; */
  int tbl;

  /*@ requires tid == 1 && writer == 0; */
  void background() {
    beginWrite();
    int v = tbl;
    tbl = v + 1;
    //@ assert tbl == v + 1;
    endWrite();
  }

  /*@ requires tid == 2 && writer == 0; */
  void worker() {
    beginWrite();
    tbl = 0;
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
