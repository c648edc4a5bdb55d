// preFailed:perm: starting a thread twice (its start() token is gone).
class Idle extends Thread {
}

public class StartTwice {
  static void main() {
    Idle t = new Idle();
    //@ fold t.preFork();
    t.start();
    //@ fold t.preFork();
    /*[/expect preFailed:perm]*/t.start()/*[/end]*/;
  }
}
