// expect-error: typeError:misplaced
// break outside a loop.
public class MisplacedBreak {
  public void m(int n) {
    if (n > 0) {
      /*[/expect typeError:misplaced]*/break;/*[/end]*/
    }
  }
}
