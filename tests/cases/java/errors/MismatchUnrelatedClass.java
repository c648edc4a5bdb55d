// expect-error: typeError:mismatch
// A class is assignable only to the interfaces it implements.
interface Task {
  void perform();
}

class Other {
}

class Main {
  void m() {
    Task t = /*[/expect typeError:mismatch]*/new Other()/*[/end]*/;
  }
}
