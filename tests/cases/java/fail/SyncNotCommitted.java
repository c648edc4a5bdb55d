// lockNotCommitted: synchronizing on an object whose lock invariant was never committed.
//@ lock_invariant Perm(count, 1) ** count >= 0;
public class SyncNotCommitted {
  private int count;

  public SyncNotCommitted() {
    count = 0;
  }

  public static void main(String[] args) {
    SyncNotCommitted c = new SyncNotCommitted();
    synchronized (/*[/expect lockNotCommitted]*/c/*[/end]*/) {
      c.count = 1;
    }
  }
}
