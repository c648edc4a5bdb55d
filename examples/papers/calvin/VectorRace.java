// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin §7.3: java.util.Vector of JDK 1.2, its shared fields and global
// invariants as the paper prints them, and the excerpt with the race. The
// paper's claim: Calvin detects the race in lastIndexOf(Object), which reads
// elementCount without the lock: another thread's removeAllElements and
// trimToSize may run before lastIndexOf(Object, int) takes the lock, and
// elementData[i] is then out of bounds: weft's arrayBounds at that read.
//
// The excerpt elides code (`....`, `{ ... }`); completed with the least
// the claim needs, after the JDK 1.2 source: lastIndexOf(Object, int)'s
// `return i;` and `return -1;` (its null-element branch left out: elem is
// required non-null, which Object.equals needs); removeAllElements sets
// elementCount to 0 (the paper: "sets v.elementCount to 0"; the JDK also
// clears the elements); trimToSize makes elementData an array of length
// elementCount (the JDK also copies the elements). Typo fixed: the paper
// prints `boolean removeAllElements()`, the JDK's is `void` (and returns
// nothing).
//
// Not as printed: the two global invariants are in the other order. weft
// checks each clause well-defined after the ones before it (the paper's
// first reads elementData.length before its second says elementData is not
// null; the paper's I is their conjunction, in either order).
//
// weft needs more than the paper: lastIndexOf(Object, int)'s loop invariant
// (Calvin unrolled loops, which is not sound): the index was below
// elementCount when the lock was taken (the ghost inRange), and while the
// thread holds the lock elementCount does not change. It holds when the
// caller reads elementCount under the lock (VectorFixed.java), so the
// arrayBounds here is the race's.
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
return lastIndexOf(elem, elementCount-1); // RACE!
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
