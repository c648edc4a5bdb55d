// weft's specification library: java.util.concurrent.locks.Lock, the
// contract of the thesis's Listing 15 (ch. 4). Lock/*@<inv, isExclusive,
// isReentrant>@*/ protects the resource `inv` (a group: it splits by
// fraction). initialized(p) is a share of the right to lock; locking for the
// first time gives inv (all of it if exclusive, the share p if not) and
// held(p), which unlocking takes back. `parent` couples locks (a
// ReadWriteLock's two locks): a lock whose parent is in the lock set cannot
// be taken for the first time.
//
// The thesis writes the first-lock and re-entry cases as two specification
// cases joined by `also`; they are told apart by whether the lock is in S,
// so weft states them as one contract with `this \in S` guarding each case.
package java.util.concurrent.locks;

/*@
  given group (frac -> resource) inv;
  given boolean isExclusive, isReentrant;
@*/
public interface Lock {
  /*@
    group resource initialized(frac p);
    resource held(frac p);
    resource uncommitted();
    ghost public final Object parent;
  @*/

  // The thesis's Listing 17: a new lock is not yet usable; commit hands it the
  // whole resource (which becomes shared) and gives the right to lock. The
  // `uncommitted()` token (the thesis's `initialized == false` with full
  // permission) makes it happen once.
  /*@
    requires inv(1) ** uncommitted();
    ensures initialized(1);
  ghost void commit();
  @*/

  /*@
    given bag<Object> S, frac p;
    requires LockSet.of(S);
    requires (this \in S) == 0 ==> initialized(p) ** (parent != null ==> (parent \in S) == 0);
    requires (this \in S) > 0 ==> isReentrant ** held(p);
    ensures (this \in S) == 0 ==> inv(isExclusive ? 1 : p) ** held(p)
      ** LockSet.of(parent != null ? bag<Object>{this, parent} + S : bag<Object>{this} + S);
    ensures (this \in S) > 0 ==> held(p) ** LockSet.of(bag<Object>{this} + S);
  @*/
  void lock();

  /*@
    given bag<Object> S, frac p;
    requires (this \in S) > 0 ==> held(p) ** LockSet.of(bag<Object>{this} + S);
    requires (this \in S) == 0 ==> held(p) ** inv(isExclusive ? 1 : p)
      ** LockSet.of(parent != null ? bag<Object>{this, parent} + S : bag<Object>{this} + S);
    ensures LockSet.of(S);
    ensures (this \in S) > 0 ==> held(p);
    ensures (this \in S) == 0 ==> initialized(p);
  @*/
  void unlock();
}
