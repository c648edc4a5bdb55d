// long, short, byte and char are mathematical integers, like int (as in
// VerCors); casts between them are the identity; `10L` is 10 and a char
// literal is its code.
public class IntegerTypes {
  long big;
  short s;

  /*@ requires Perm(big, 1) ** Perm(s, 1);
      ensures Perm(big, 1) ** Perm(s, 1);
      ensures big == \old(s) && s == \old(big); @*/
  void swap() {
    long tmp = big;
    big = s;
    s = (short) tmp;
  }

  //@ ensures \result == x + 1;
  static long next(long x) {
    return x + 1L;
  }

  void literals() {
    char c = 'A';
    byte b = (byte) 7;
    long l = 0xFFFFFFFFFFFFFFFFL;
    int i = (int) 5000000000L;
    //@ assert c == 65 && (int) c + 1 == 'B';
    //@ assert b == 7;
    //@ assert l == -1;
    // Mathematical integers: no overflow, no truncation by the cast.
    //@ assert i == 5000000000L;
    //@ assert -9223372036854775808L == -9223372036854775807L - 1;
    long m = next(9223372036854775807L);
    //@ assert m > 9223372036854775807L;
    //@ assert ~5 == -6 && ~-1 == 0;
  }
}
