// weft's specification library: java.util.concurrent.locks.ReentrantLock,
// an exclusive, reentrant Lock (thesis ch. 4). A new lock is uncommitted:
// `//@ l.commit();` (Listing 17) hands it the resource and gives the whole
// right to lock, initialized(1).
package java.util.concurrent.locks;

/*@ given group (frac -> resource) inv; @*/
public class ReentrantLock implements Lock/*@<inv, true, true>@*/ {
  /*@
    ensures uncommitted() ** this.parent == null;
  @*/
  public ReentrantLock();

  // Lock's contracts (a method without clauses takes its interface's).
  /*@ ghost void commit(); @*/

  //@ given bag<Object> S, frac p;
  public void lock();

  //@ given bag<Object> S, frac p;
  public void unlock();
}
