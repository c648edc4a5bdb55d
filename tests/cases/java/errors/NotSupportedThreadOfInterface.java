// expect-error: notSupported
// new Thread(r) takes the contract of r's class's run: r's static type must be a class.
class Main {
  void m(Runnable r) {
    Thread t = new Thread(/*[/expect notSupported]*/r/*[/end]*/);
  }
}
