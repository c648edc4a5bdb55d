// weft's specification library: the thread-local multiset of held locks of
// the thesis's lock logic (ch. 4, Figure 4.2). `LockSet.of(S)`: the current
// thread holds exactly the locks in S (with multiplicity, for re-entry).
// A thread's run() starts with LockSet.of(bag<Object>{}) (java.lang.Thread);
// a method that locks takes the caller's lock set through its contract.
// The lock set belongs to its thread: weft refuses it inside a predicate,
// so no thread can hand its lock set to another.
package java.util.concurrent.locks;

public final class LockSet {
  /*@ static thread_local resource of(bag<Object> S); @*/
}
