// `&` evaluates its right operand even when the left one is false: the field
// read needs permission whatever `b` is (`&&` would not read it).
public class BitAndEvaluatesBoth {
  int f;

  //@ requires b ==> Perm(f, 1\2);
  boolean m(boolean b) {
    /*[/expect perm]*/
    return b & f > 0;
    /*[/end]*/
  }
}
