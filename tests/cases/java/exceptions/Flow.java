// Exceptions that verify: throw and catch (by the class or a superclass),
// several catch clauses, rethrow, a user exception class with a field, an
// exception from a call, and `finally` on every way out of its block
// (normal, return, break, continue, exception).
class Failure extends RuntimeException {
  int code;

  //@ ensures Perm(code, write) ** code == c;
  Failure(int c) { code = c; }
}

class Flow {
  int x;

  boolean coin();

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write) ** x == \old(x) + 1;
  //@ signals (Failure f) Perm(x, write) ** x == \old(x) ** Perm(f.code, write) ** f.code == 7;
  void step() {
    if (coin()) {
      throw new Failure(7);
    }
    x = x + 1;
  }

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write) ** (x == \old(x) + 1 || x == \old(x) + 100);
  void caught() {
    try {
      step();
    } catch (IllegalStateException e) {
      //@ assert false;
    } catch (Failure f) {
      //@ assert f.code == 7;
      x = x + 100;
    }
  }

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write) ** x == \old(x) + 1;
  //@ signals (RuntimeException e) Perm(x, write) ** x == \old(x) + 10;
  void rethrows() {
    try {
      step();
    } catch (Failure f) {
      x = x + 10;
      throw f;
    }
  }

  //@ ensures \result == 3;
  int finallyOnReturn() {
    int y = 0;
    try {
      y = 1;
      return y;
    } finally {
      y = 3;
      return y;
    }
  }

  //@ ensures \result == 10;
  int finallyOnBreakAndContinue() {
    int i = 0;
    int seen = 0;
    //@ loop_invariant 0 <= i && i <= 10 && seen == i;
    while (true) {
      try {
        if (i == 10) {
          break;
        }
        i++;
        continue;
      } finally {
        seen = i;
      }
    }
    return seen;
  }

  //@ ensures \result == 13;
  int finallyOnException() {
    int y = 0;
    try {
      try {
        throw new IllegalArgumentException();
      } finally {
        try {
          throw new ArithmeticException();
        } catch (ArithmeticException e) {
          y = 3;
        }
      }
    } catch (IllegalArgumentException e) {
      y = y + 10;
    }
    return y;
  }

  //@ signals (Exception e) true;
  //@ ensures false;
  void alwaysThrows() throws Exception {
    throw new java.io.IOException();
  }
}
