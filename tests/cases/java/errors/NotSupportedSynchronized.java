// expect-error: notSupported
// synchronized blocks are parsed; the locks issue encodes them.
public class NotSupportedSynchronized {
  private int count;

  public void incr() {
    /*[/expect notSupported]*/synchronized (this) {
      count++;
    }/*[/end]*/
  }
}
