// weft's specification library: java.util.concurrent.locks.ReentrantLock,
// an exclusive, reentrant Lock (thesis ch. 4). The constructor takes the
// resource it protects (the thesis's commit at the end of the constructor)
// and gives the whole right to lock, initialized(1).
package java.util.concurrent.locks;

/*@ given group (frac -> resource) inv; @*/
public class ReentrantLock implements Lock/*@<inv, true, true>@*/ {
  /*@
    requires inv(1);
    ensures initialized(1) ** this.parent == null;
  @*/
  public ReentrantLock();

  // Lock's contracts (a method without clauses takes its interface's).
  //@ given bag<Object> S, frac p;
  public void lock();

  //@ given bag<Object> S, frac p;
  public void unlock();
}
