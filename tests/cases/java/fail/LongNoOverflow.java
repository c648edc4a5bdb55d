// long is a mathematical integer: Long.MAX_VALUE + 1 is not negative.
public class LongNoOverflow {
  void m() {
    long x = 9223372036854775807L;
    x = x + 1;
    /*[/expect assertFailed:false]*/
    //@ assert x < 0;
    /*[/end]*/
  }
}
