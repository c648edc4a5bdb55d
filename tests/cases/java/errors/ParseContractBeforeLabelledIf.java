// expect-error: parseError
// A loop contract before labels that do not lead to a loop.
public class ParseContractBeforeLabelledIf {
  public void m(boolean p) {
    /*[/expect parseError]*/
    //@ loop_invariant true;
    L: if (p) {
      break L;
    }
    /*[/end]*/
  }
}
