// expect-error: typeError:arity
// A class with ghost parameters used without its ghost arguments.
import java.util.concurrent.*;

public class ArityGhostArgs {
  /*@ group resource r(frac p) = true; @*/

  public void m() {
    /*[/expect typeError:arity]*/Semaphore/*[/end]*/ s = new Semaphore/*@<r>@*/(1);
  }
}
