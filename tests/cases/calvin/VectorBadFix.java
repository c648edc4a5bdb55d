// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// The erroneous fix of Vector's race (Calvin §7.3): elementCount is read
// holding the monitor, but the monitor is let go before lastIndexOf(Object,
// int) takes it again, and in between another thread may shrink the vector.
// A race detector (RCC/Java) is content with it, since every access holds the
// lock; Calvin still reports the potential array out-of-bounds error, and so
// does weft: arrayBounds at the element read of the inlined callee.
/*@ global_invariant elementData != null && 0 <= elementCount && elementCount <= elementData.length; */
class Vector {
  /*@ unwritable_by_env_if this.holder == tid; */
  protected int elementCount;
  /*@ unwritable_by_env_if this.holder == tid; */
  protected Object[] elementData;

  //@ requires elem != null;
  public int lastIndexOf(Object elem) {
    int count;
    synchronized (this) {
      count = elementCount - 1;
    }
    return lastIndexOf(elem, count);
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
