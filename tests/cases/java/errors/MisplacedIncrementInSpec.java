// expect-error: typeError:misplaced
// An increment is not pure: a specification cannot contain one.
public class MisplacedIncrementInSpec {
  static void m(int x) {
    //@ assert /*[/expect typeError:misplaced]*/x++/*[/end]*/ == x;
  }
}
