// expect-error: resolutionError:undeclared
// A class must implement every method of its interfaces.
interface Task {
  void perform();
}

class /*[/expect resolutionError:undeclared]*/Lazy/*[/end]*/ implements Task {
}
