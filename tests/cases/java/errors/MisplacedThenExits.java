// expect-error: typeError:misplaced
// The ghost statements after an expression (`e /*@ then S */`) are ghost
// code, and the value of e is still to be used after them: they may not
// return, nor write the program's state.
public class MisplacedThenExits {
  int real;

  /*@ requires Perm(real, 1); @*/
  int early(int x) {
    return x /*@ then { /*[/expect typeError:misplaced]*/return 0;/*[/end]*/ } */;
  }

  /*@ requires Perm(real, 1); @*/
  int writes(int x) {
    return x /*@ then { /*[/expect typeError:misplaced]*/real/*[/end]*/ = 1; } */;
  }
}
