// A barrier whose next cycle hands out more than the cycle took in (party 0
// keeps x in every cycle but also gets y from cycle 1 on): the library's
// lemma fails for this instantiation.
import java.util.concurrent.*;

class Shared {
  int x;
  int y;
  /*@
    resource res(int c, int i) = i == 0 ==> (Perm(x, 1) ** (c > 0 ==> Perm(y, 1)));
  @*/

  void m() {
    /*[/expect foldFailed:perm]*/CyclicBarrier/*@<res, 2>@*//*[/end]*/ b = new CyclicBarrier/*@<res, 2>@*/(2);
  }
}
