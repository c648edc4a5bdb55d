// Awaiting at a barrier for a party whose handle is not held.
import java.util.concurrent.*;

class Shared {
  int x;
  /*@ resource res(int c, int i) = true; @*/

  void m() throws InterruptedException {
    CyclicBarrier/*@<res, 2>@*/ b = new CyclicBarrier/*@<res, 2>@*/(2);
    //@ fold res(0, 5);
    /*[/expect preFailed:perm]*/b.await() /*@ with { i = 5; c = 0; } @*//*[/end]*/;
  }
}
