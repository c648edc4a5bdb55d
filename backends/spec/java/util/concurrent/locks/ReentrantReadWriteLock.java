// weft's specification library:
// java.util.concurrent.locks.ReentrantReadWriteLock, a reentrant
// ReadWriteLock (thesis ch. 4). A new one is uncommitted: `//@ rwl.commit();`
// (Listing 17) hands it the resource both locks protect and gives the whole
// right to use them, initialized(1).
package java.util.concurrent.locks;

/*@ given group (frac -> resource) inv; @*/
public class ReentrantReadWriteLock implements ReadWriteLock/*@<inv, true>@*/ {
  //@ ensures uncommitted();
  public ReentrantReadWriteLock();

  // ReadWriteLock's contracts (a method without clauses takes its interface's).
  /*@ ghost void commit(); @*/

  //@ given frac p;
  public Lock/*@<inv, false, true>@*/ readLock();
  //@ given frac p;
  public Lock/*@<inv, true, true>@*/ writeLock();
}
