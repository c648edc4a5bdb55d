// unsupported-on: silicon a program with atomicity specifications has no permission-based meaning
// Both transfers take the monitors in one order (a's first), so neither can
// wait for a monitor the other holds.
class Account {
  int balance;

  /*@ atomic */
  synchronized void transfer(Account to) {
    synchronized (to) {
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
    Mover two = new Mover(a, b);
    one.start();
    two.start();
    one.join();
    two.join();
  }
}
