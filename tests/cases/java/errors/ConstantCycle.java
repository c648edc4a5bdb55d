// expect-error: typeError:misplaced
// A constant whose value depends on itself (it would define N as N + 1).
public class ConstantCycle {
  /*[/expect typeError:misplaced]*/static final int N = M + 1;/*[/end]*/
  static final int M = N;
}
