// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// transfer takes its receiver's monitor, then the other account's: two
// threads transferring in opposite directions can each hold one and wait
// for the other (a deadlock inside the method).
class Account {
  int balance;

  /*@ atomic */
  synchronized void transfer(Account to) {
    /*[/expect notAtomic:definitely]*/
    synchronized (to) {
    /*[/end]*/
      to.balance = to.balance + balance;
      balance = 0;
    }
  }
}

class Mover extends Thread {
  Account from;
  Account to;

  Mover(Account from, Account to) {
    this.from = from;
    this.to = to;
  }

  public void run() {
    from.transfer(to);
  }
}

class Main {
  static void main() throws InterruptedException {
    Account a = new Account();
    Account b = new Account();
    Mover one = new Mover(a, b);
    Mover two = new Mover(b, a);
    one.start();
    two.start();
    one.join();
    two.join();
  }
}
