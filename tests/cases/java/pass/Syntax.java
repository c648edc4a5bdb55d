// Java and JML forms the front end accepts, each used once and verified.
package cases;

import java.util.List;

interface Shape {
  //@ ensures \result >= 0;
  int area();
}

public class Syntax {
  private int count = 0;
  private final int limit = 10;
  //@ ghost int seen;

  /*@ resource inv = Perm(count, 1) ** count >= 0; @*/

  //@ requires Perm(count, 1) ** count >= 0;
  //@ ensures inv();
  public void close() {
    //@ fold inv;
  }

  //@ requires inv();
  //@ ensures inv();
  public void open() throws InterruptedException {
    //@ unfold inv;
    count++;
    ++count;
    count--;
    count *= 3;
    count /= 2;
    count %= 7;
    //@ fold inv;
  }

  //@ requires inv();
  //@ ensures \result >= 0;
  public /*@ pure @*/ int peek() {
    return /*@ \unfolding inv \in @*/ count;
  }

  /*@ given frac p;
      yields int got;
      requires Perm(count, p);
      ensures Perm(count, p) ** got == count ** count == \old(count); @*/
  public void look() {
    //@ ghost got = count;
  }

  @Override
  //@ requires Perm(seen, 1);
  //@ ensures Perm(seen, 1) ** seen == 3;
  public void ghosts() {
    //@ ghost int g = 1;
    //@ set g = g + 2;
    //@ set seen = g;
  }

  //@ requires n > 0 ** Perm(count, 1/n);
  //@ ensures Perm(count, 1/n);
  public void share(int n) {
    final int c = count;
    int got = 0;
    look() /*@ with { p = 1/n; } then { got = got; } @*/;
    //@ assert got == c;
  }

  //@ ensures \result == 2 * x;
  public static int twice(int x) { return 2 * x; }

  public static void main(String[] args) {
    Syntax s = new Syntax();
    //@ assert s.limit == 10;
    s.close();
    try {
      s.open();
    } catch (InterruptedException e) {
      return;
    }
    int t = Syntax.twice(3);
    //@ assert t == 6;
    int k = 0;
    //@ loop_invariant k <= 3;
    do k++; while (k < 3);
    //@ assert k == 3;
    int x = 5 > 3 ? -1 : +1;
    //@ assert x == -1;
  }
}
