// The improved latch gives each awaiting thread one ticket: awaiting twice
// with the same ticket is refused.
import java.util.concurrent.*;

class Cells {
  int a;
  /*@
    resource cd(int i) = i == 0 ==> Perm(a, 1);
    resource aw(int j) = j == 0 ==> Perm(a, 1);
  @*/

  void m() throws InterruptedException {
    CountDownLatch/*@<cd, aw, 1, 1>@*/ l = new CountDownLatch/*@<cd, aw, 1, 1>@*/(1);
    l.await() /*@ with { j = 0; } @*/;
    /*[/expect preFailed:perm]*/l.await() /*@ with { j = 0; } @*//*[/end]*/;
  }
}
