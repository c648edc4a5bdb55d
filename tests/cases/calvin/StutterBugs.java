// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Mercator's write lock (examples/calvin/Mercator.java) broken: the caller
// relies on a field the callee's stutter steps may change after its action,
// and a callee's stutter step writes a field outside its `modifies`.
/*@ env_assumption \old(writer) == tid ==> writer == tid; */
/*@ env_assumption \old(writer) != tid ==> writer != tid; */
class StutterBugs {
  /*@ unwritable_by_env_if holder == tid; */
  int writer;
  /*@ unwritable_by_env_if holder == tid; */
  boolean hasWriter;
  /*@ unwritable_by_env_if writer == tid; */
  int tbl;

  /*@ requires tid == 1 && writer == 0; */
  void background() {
    beginWrite();
    // The body set it, but a stutter step after the action may clear it.
    /*[/expect assertFailed]*/
    //@ assert hasWriter;
    /*[/end]*/
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

  // A stutter step that writes tbl, which `modifies` does not name.
  /*@ requires writer == tid;
      modifies hasWriter, holder;
      action: also_modifies writer ensures \old(holder) == tid && holder == tid && \old(writer) == tid && writer == 0; */
  void endWrite() {
    synchronized (this) {
      hasWriter = false;
      /*[/expect abstraction]*/
      tbl = 0;
      /*[/end]*/
      writer = 0;
    }
  }
}
