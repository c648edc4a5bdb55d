// The thesis's counter (Listings 2-3), sequential: permissions on `count`
// say who may read and write it. JML comments carry the specifications.
package examples;

public class Counter {
  private int count;

  /*@ ensures Perm(count, 1) ** count == 0; @*/
  public Counter() { count = 0; }

  /*@ requires Perm(count, 1);
      ensures Perm(count, 1) ** count == \old(count) + 1; @*/
  public void incr() {
    int tmp = count; /* reading the shared variable */
    count = tmp + 1; /* writing to the shared variable */
  }

  //@ requires Perm(count, 1/2);
  //@ ensures Perm(count, 1/2) ** \result == count;
  public int get() {
    return count;
  }

  //@ requires n >= 0 ** Perm(count, 1);
  //@ ensures Perm(count, 1) ** count == \old(count) + n;
  public void add(int n) {
    //@ loop_invariant 0 <= i && i <= n;
    //@ loop_invariant Perm(count, 1) ** count == \old(count) + i;
    for (int i = 0; i < n; i++) {
      incr();
    }
  }

  public static void main(String[] args) {
    Counter c = new Counter();
    c.incr();
    c.add(3);
    int v = c.get();
    assert v == 4;
    c.count += 2;
    c.count--;
    v = c.get();
    assert v == 5;
  }
}
