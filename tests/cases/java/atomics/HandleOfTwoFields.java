// expect-error: resolutionError:undeclared
// Two fields declare `handle`: which one an unqualified `handle` means is
// not said.
import java.util.concurrent.atomic.*;

public class HandleOfTwoFields {
  final int U = 0, L = 1;
  final AtomicInteger a;
  final AtomicInteger b;
  int data;

  /*@ group inv(frac p) = Perm(data, p);
      pred trans(role r, int c, int n) = (c == U && n == L) || (c == L && n == U);
      frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; } @*/

  /*@ given frac f;
      requires /*[/expect resolutionError:undeclared]*/handle/*[/end]*/(T, L, f); @*/
  void unlock() { }
}
