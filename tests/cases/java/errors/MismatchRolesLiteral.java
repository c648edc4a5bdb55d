// expect-error: typeError:mismatch
// A set of roles where AtomicInteger takes its protocol's transitions.
import java.util.concurrent.atomic.*;

public class MismatchRolesLiteral {
  final int U = 0, L = 1;
  int data;

  /*@ group inv(frac p) = Perm(data, p);
      frac share(role r, int s) { return (r == S && s == U) ? 1 : 0; } @*/

  void m() {
    AtomicInteger/*@<{T}, inv, share, /*[/expect typeError:mismatch]*/{T}/*[/end]*/>@*/ a;
  }
}
