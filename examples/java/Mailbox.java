// A one-place mailbox with wait/notify. The lock invariant owns the slot
// and says an empty box holds 0. A sender that finds the box full waits:
// `wait()` gives the invariant back to the lock (so it must hold), and
// returns, once another thread has notified, with the lock held again and
// only the invariant known. Hence the loop around `wait()`.
package examples;

/*@ lock_invariant Perm(full, 1) ** Perm(value, 1) ** (!full ==> value == 0); @*/
public class Mailbox {
  private boolean full;
  private int value;

  //@ ensures committed(this);
  public Mailbox() {
    full = false;
    value = 0;
    //@ commit this;
  }

  //@ requires committed(this);
  public synchronized void send(int x) throws InterruptedException {
    //@ loop_invariant held(this) ** Perm(full, 1) ** Perm(value, 1);
    //@ loop_invariant !full ==> value == 0;
    while (full) {
      wait();
    }
    value = x;
    full = true;
    notifyAll();
  }

  //@ requires committed(this);
  public synchronized int receive() throws InterruptedException {
    //@ loop_invariant held(this) ** Perm(full, 1) ** Perm(value, 1);
    //@ loop_invariant !full ==> value == 0;
    while (!full) {
      this.wait();
    }
    int x = value;
    full = false;
    value = 0;
    this.notify();
    return x;
  }

  public static void main(String[] args) {
    Mailbox m = new Mailbox();
    try {
      m.send(7);
      int x = m.receive();
    } catch (InterruptedException e) {
    }
  }
}
