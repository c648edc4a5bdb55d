// weft's specification library: java.util.concurrent.locks.ReadWriteLock,
// the contract of the thesis's Listing 16 (ch. 4): two coupled locks over one
// resource, a shared read lock and an exclusive write lock, both with this
// object as parent (so one thread cannot hold both). A share p of the right
// to use this object gives a share p of the right to lock either.
package java.util.concurrent.locks;

/*@
  given group (frac -> resource) inv;
  given boolean reentrant;
@*/
public interface ReadWriteLock {
  /*@
    group resource initialized(frac p);
    resource uncommitted();
  @*/

  // Listing 17, as for Lock: commit hands over the resource once.
  /*@
    requires inv(1) ** uncommitted();
    ensures initialized(1);
  ghost void commit();
  @*/

  /*@
    given frac p;
    requires initialized(p);
    ensures \result != null ** \result.parent == this ** \result.inv$owner == inv$owner
      ** \result.initialized(p);
  @*/
  Lock/*@<inv, false, reentrant>@*/ readLock();

  /*@
    given frac p;
    requires initialized(p);
    ensures \result != null ** \result.parent == this ** \result.inv$owner == inv$owner
      ** \result.initialized(p);
  @*/
  Lock/*@<inv, true, reentrant>@*/ writeLock();
}
