// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// java.util.Vector of JDK 1.2 (Calvin §7.3), its two shared fields guarded by
// the Vector's monitor, with the defect fixed as the paper says: by declaring
// lastIndexOf(Object) synchronized. Each method nothing calls is a thread;
// lastIndexOf(Object, int) is called, so it runs inlined in its caller's
// thread, in its caller's state: here with the monitor held (reentered), so
// elementCount cannot change between its read and the element read.
//
// tests/cases/calvin/VectorRace.java: the original lastIndexOf(Object), which
// reads elementCount without the monitor; VectorBadFix.java: the erroneous
// fix, which reads it holding the monitor but lets it go before the call.
// Both fail with arrayBounds at the element read, as Calvin reports them.
//
// As the paper: `elementData[]` is an `Object[]` field, and the global
// invariants are the paper's (conjoined, null first, so that `.length` is
// well-defined). Not as the paper: `elem.equals(x)` is assigned to a local
// first (weft has no calls inside expressions), and Object.equals is an
// unknown answer (it reads and writes nothing of the program); elem is not
// null (the JDK's `elem == null` branch is left out); trimToSize, which
// allocates an array, is left out (`new` in a thread is not supported yet):
// the environment assumption lets the other threads shrink the vector anyway.
//
// The loop's invariant: the index was in range when the monitor was taken
// (inRange), and while the thread holds it elementCount does not change, so
// every i read is below elementCount <= elementData.length.
/*@ global_invariant elementData != null && 0 <= elementCount && elementCount <= elementData.length; */
class Vector {
  /*@ unwritable_by_env_if this.holder == tid; */
  protected int elementCount;
  /*@ unwritable_by_env_if this.holder == tid; */
  protected Object[] elementData;

  //@ requires elem != null;
  public synchronized int lastIndexOf(Object elem) {
    return lastIndexOf(elem, elementCount - 1);
  }

  /*@ requires elem != null;
      ensures \result <= index; */
  public synchronized int lastIndexOf(Object elem, int index) {
    //@ ghost boolean inRange = index < elementCount;
    //@ loop_invariant i <= index && holder == tid;
    //@ loop_invariant inRange ==> i < elementCount;
    for (int i = index; i >= 0; i--) {
      boolean same = elem.equals(elementData[i]);
      if (same) {
        return i;
      }
    }
    return -1;
  }

  //@ requires 0 <= index;
  public synchronized void setElementAt(Object obj, int index) {
    if (index < elementCount) {
      elementData[index] = obj;
    }
  }

  public synchronized void removeAllElements() {
    elementCount = 0;
  }
}
