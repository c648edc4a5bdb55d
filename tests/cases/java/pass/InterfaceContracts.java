// Behavioural subtyping: a method without a contract takes its interface
// method's (parameters and ghost parameters matched by position); one with
// its own contract must require no more and ensure no less (checked).
interface Account {
  //@ resource funds(int v);

  /*@ given int v;
      requires n >= 0 ** funds(v);
      ensures funds(v + n); @*/
  void deposit(int n);

  //@ ensures \result >= 0;
  int limit();

  /*@ requires funds(v) ** v > 0;
      ensures funds(v - 1); @*/
  /*@ given int v; @*/
  void spend();
}

class Bank implements Account {
  //@ given int w;
  public void deposit(int k) {
    //@ exhale funds(w);
    //@ inhale funds(w + k);
  }

  // Ensures more than the interface asks.
  //@ ensures \result == 5;
  public int limit() {
    return 5;
  }

  // Requires less than the interface gives.
  /*@ given int v;
      requires funds(v);
      ensures funds(v - 1); @*/
  public void spend() {
    //@ exhale funds(v);
    //@ inhale funds(v - 1);
  }
}

class Client {
  //@ requires a != null ** a.funds(0);
  //@ ensures a.funds(2);
  static void use(Account a) {
    a.deposit(3) /*@ with { v = 0; } @*/;
    a.spend() /*@ with { v = 3; } @*/;
    int l = a.limit();
    //@ assert l >= 0;
  }

  //@ requires b != null ** b.funds(0);
  static void direct(Bank b) {
    use(b);
    b.deposit(1) /*@ with { w = 2; } @*/;
    //@ assert b.funds(3);
    int l = b.limit();
    //@ assert l == 5;
  }
}
