// expect-error: notSupported
// A thread made by new Thread(r) has its runnable's thread class; a Thread
// variable may hold it only where it is created (no subtyping between classes).
class Job implements Runnable {
  public void run() {}
}

class Main {
  void m() {
    Thread t;
    t = /*[/expect notSupported]*/new Thread(new Job())/*[/end]*/;
  }
}
