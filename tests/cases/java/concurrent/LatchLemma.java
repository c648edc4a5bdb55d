// What the workers hand in (cd) does not give what the awaiting thread takes
// out (aw also claims b): the library's lemma fails for this instantiation.
import java.util.concurrent.*;

class Cells {
  int a;
  int b;
  /*@
    resource cd(int i) = i == 0 ==> Perm(a, 1);
    resource aw(int j) = j == 0 ==> Perm(a, 1) ** Perm(b, 1);
  @*/

  void m() {
    /*[/expect foldFailed:perm]*/CountDownLatch/*@<cd, aw, 1, 1>@*//*[/end]*/ l = new CountDownLatch/*@<cd, aw, 1, 1>@*/(1);
  }
}
