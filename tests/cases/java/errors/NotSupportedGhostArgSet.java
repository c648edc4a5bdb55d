// expect-error: notSupported
// A class ghost argument's set literal holds role names only.
import java.util.concurrent.atomic.*;

public class NotSupportedGhostArgSet {
  int data;

  void m() {
    AtomicInteger/*@</*[/expect notSupported]*/{1}/*[/end]*/, inv, share, trans>@*/ a;
  }
}
