// expect-error: notSupported
// A call of a method without an abstraction is inlined in the caller's
// thread; calls that reach their caller again (here a and b) would not end,
// so they are refused ("a recursive call in a Calvin thread").
/*@ env_assumption \old(counter) <= counter; */
class Counter {
  /*@ unwritable_by_env_if holder == tid; */
  int counter;

  void a(int n) {
    if (n > 0) {
      b(n - 1);
    }
  }

  void b(int n) {
    a(n);
  }

  void run() {
    a(3);
  }
}
