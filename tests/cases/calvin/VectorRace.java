// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The race of java.util.Vector's lastIndexOf(Object) (Calvin §7.3):
// it reads elementCount without the monitor, so before the synchronized
// lastIndexOf(Object, int) runs, another thread may remove all elements and
// trim the array (the environment assumption allows it: the monitor is not
// this thread's); the element read at the stale index is then out of bounds.
// Calvin reports it as what it is, a potential array out-of-bounds error: here
// arrayBounds at the element read of the inlined callee.
// examples/calvin/Vector.java: the fix (lastIndexOf(Object) synchronized).
/*@ global_invariant elementData != null && 0 <= elementCount && elementCount <= elementData.length; */
class Vector {
  /*@ unwritable_by_env_if this.holder == tid; */
  protected int elementCount;
  /*@ unwritable_by_env_if this.holder == tid; */
  protected Object[] elementData;

  //@ requires elem != null;
  public int lastIndexOf(Object elem) {
    return lastIndexOf(elem, elementCount - 1); // RACE!
  }

  /*@ requires elem != null;
      ensures \result <= index; */
  public synchronized int lastIndexOf(Object elem, int index) {
    //@ ghost boolean inRange = index < elementCount;
    //@ loop_invariant i <= index && holder == tid;
    //@ loop_invariant inRange ==> i < elementCount;
    for (int i = index; i >= 0; i--) {
      /*[/expect arrayBounds]*/
      boolean same = elem.equals(elementData[i]);
      /*[/end]*/
      if (same) {
        return i;
      }
    }
    return -1;
  }

  public synchronized void removeAllElements() {
    elementCount = 0;
  }
}
