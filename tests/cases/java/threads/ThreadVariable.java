// expect-error: notSupported
// A Thread variable holding a subclass needs subtyping (not yet).
class Idle extends Thread {
}

public class ThreadVariable {
  static void main() {
    Thread t = /*[/expect notSupported]*/new Idle()/*[/end]*/;
  }
}
