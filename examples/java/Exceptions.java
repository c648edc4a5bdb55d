// Exceptions with JML's `signals`: an account whose withdraw throws when the
// balance is too small, and a transfer that undoes its first step when the
// second throws. The exceptional postcondition says what holds when the
// method ends by throwing; `finally` runs on every way out.
class InsufficientFunds extends Exception {
  int missing;

  //@ ensures Perm(missing, write) ** missing == m;
  InsufficientFunds(int m) { missing = m; }
}

class Account {
  int balance;

  //@ ensures Perm(balance, write) ** balance == 0;
  Account() { balance = 0; }

  //@ requires Perm(balance, write) ** n >= 0;
  //@ ensures Perm(balance, write) ** balance == \old(balance) + n;
  void deposit(int n) { balance = balance + n; }

  /*@ requires Perm(balance, write) ** n >= 0;
      ensures Perm(balance, write) ** balance == \old(balance) - n;
      signals (InsufficientFunds e) Perm(balance, write) ** balance == \old(balance)
          ** n > balance ** Perm(e.missing, write) ** e.missing == n - balance; @*/
  void withdraw(int n) throws InsufficientFunds {
    if (n > balance) {
      throw new InsufficientFunds(n - balance);
    }
    balance = balance - n;
  }
}

class Bank {
  int transfers;

  /*@ requires Perm(transfers, write) ** from != null ** to != null ** from != to;
      requires Perm(from.balance, write) ** Perm(to.balance, write) ** n >= 0;
      ensures Perm(transfers, write) ** transfers == \old(transfers) + 1;
      ensures Perm(from.balance, write) ** Perm(to.balance, write);
      ensures \result ==> from.balance == \old(from.balance) - n && to.balance == \old(to.balance) + n;
      ensures !\result ==> from.balance == \old(from.balance) && to.balance == \old(to.balance); @*/
  boolean transfer(Account from, Account to, int n) {
    try {
      from.withdraw(n);
      to.deposit(n);
      return true;
    } catch (InsufficientFunds e) {
      //@ assert e.missing > 0;
      return false;
    } finally {
      transfers = transfers + 1;
    }
  }
}
