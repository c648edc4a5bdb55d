// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin §7.3: "The defect can be correctly fixed by declaring
// lastIndexOf(Object) to be synchronized": VectorRace.java with that one
// word added. The paper's claim: the fixed class has no error (the read of
// elementCount and the element reads happen under one holding of the lock).
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
public synchronized int lastIndexOf(Object elem) {
return lastIndexOf(elem, elementCount-1); // RACE!
}
  /*@ requires elem != null */
public synchronized int lastIndexOf(Object elem, int index)
{
  //@ ghost boolean inRange = index < elementCount;
  //@ loop_invariant i <= index && holder == tid;
  //@ loop_invariant inRange ==> i < elementCount;
for (int i = index; i >= 0; i--)
if (elem.equals(elementData[i]))
  return i;
  return -1;
}

synchronized void trimToSize() { elementData = new Object[elementCount]; }
synchronized void removeAllElements() { elementCount = 0; }
}
