// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin §7.3: "an erroneous fix for this race condition", lastIndexOf(Object)
// as the paper prints it, in VectorRace.java's class. The paper's claim:
// though the lock is held when elementCount is read, the defect remains, and
// Calvin "still reports this error as what it is: a potential array
// out-of-bounds error": weft's arrayBounds at elementData[i].
//
// The rest, and what weft needs beyond the paper, as in VectorRace.java.
class Vector {
/*@ unwritable_by_env_if this.holder == tid */
protected int elementCount;
/*@ unwritable_by_env_if this.holder == tid */
protected Object elementData[];
/*@ global_invariant elementData != null */
/*@ global_invariant (0 <= elementCount)
&& (elementCount <= elementData.length)*/

  /*@ requires elem != null */
public int lastIndexOf(Object elem) {
int count;
synchronized(this) { count = elementCount-1; }
return lastIndexOf(elem, count);
}
  /*@ requires elem != null */
public synchronized int lastIndexOf(Object elem, int index)
{
  //@ ghost boolean inRange = index < elementCount;
  //@ loop_invariant i <= index && holder == tid;
  //@ loop_invariant inRange ==> i < elementCount;
for (int i = index; i >= 0; i--)
/*[/expect arrayBounds]*/
if (elem.equals(elementData[i]))
/*[/end]*/
  return i;
  return -1;
}

synchronized void trimToSize() { elementData = new Object[elementCount]; }
synchronized void removeAllElements() { elementCount = 0; }
}
