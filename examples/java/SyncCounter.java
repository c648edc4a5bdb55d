// A counter protected by its intrinsic lock (the thesis's ch. 4 counter,
// Listing 6's style): the lock invariant owns `count`, so every method that
// touches it is `synchronized` or holds the lock in a `synchronized` block.
// A synchronized method locks `this` on entry and unlocks it on every exit.
package examples;

//@ lock_invariant Perm(count, 1) ** count >= 0;
public class SyncCounter {
  private int count;

  // The constructor owns the field; `commit` hands it to the lock.
  //@ ensures committed(this);
  public SyncCounter() {
    count = 0;
    //@ commit this;
  }

  //@ requires committed(this);
  public synchronized void incr() {
    count = count + 1;
  }

  // A return inside the synchronized method: the value is read, then the lock released.
  //@ requires committed(this);
  //@ ensures \result >= 0;
  public synchronized int get() {
    return count;
  }

  //@ requires committed(this) ** n >= 0;
  public void add(int n) {
    synchronized (this) {
      if (n == 0) {
        return; // unlocks on the way out
      }
      count += n;
    }
  }

  // The lock can be held across calls: held(this) is a token the caller passes.
  //@ requires held(this) ** Perm(count, 1) ** count >= 0;
  //@ ensures held(this) ** Perm(count, 1) ** count == \old(count) + 2;
  private void twiceLocked() {
    count = count + 2;
  }

  //@ requires committed(this);
  public void viaHelper() {
    synchronized (this) {
      twiceLocked();
    }
  }

  //@ requires c != null ** committed(c);
  public static void bump(SyncCounter c) {
    synchronized (c) {
      c.count++;
    }
  }

  public static void main(String[] args) {
    SyncCounter c = new SyncCounter();
    c.incr();
    c.add(5);
    c.viaHelper();
    bump(c);
    int v = c.get();
    assert v >= 0;
  }
}
