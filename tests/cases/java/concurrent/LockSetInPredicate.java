// expect-error: typeError:misplaced
// A thread's lock set cannot be handed to another thread.
import java.util.concurrent.locks.*;

class W extends Thread {
  /*@ resource preFork() = /*[/expect typeError:misplaced]*/LockSet.of(bag<Object>{})/*[/end]*/; @*/

  /*@ ensures start(); @*/
  W() { super(); }

  public void run() { }
}
