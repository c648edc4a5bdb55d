// The finally block runs on every exit: after the return (postFailed,
// it changed the returned field) and after an exception (assertFailed
// inside it, where the exception's state is one of its states).
class FinallyRuns {
  int x;

  boolean coin();

  //@ requires Perm(x, write);
  /*[/expect postFailed:false]*/
  //@ ensures Perm(x, write) ** x == 1;
  /*[/end]*/
  void onReturn() {
    try {
      x = 1;
      return;
    } finally {
      x = 2;
    }
  }

  //@ requires Perm(x, write);
  //@ ensures Perm(x, write);
  //@ signals (RuntimeException e) Perm(x, write);
  void onException() {
    x = 0;
    try {
      if (coin()) {
        x = 5;
        throw new RuntimeException();
      }
    } finally {
      /*[/expect assertFailed:false]*/
      //@ assert x == 0;
      /*[/end]*/
    }
  }

  //@ ensures \result == 1;
  int returnValueKept() {
    int y = 1;
    try {
      return y;
    } finally {
      y = 2;
    }
  }
}
