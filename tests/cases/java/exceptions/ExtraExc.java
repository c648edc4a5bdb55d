// extraExc: an exception leaves a method whose contract names none (from a
// throw, and from a call), or one its contract does not name.
class ExtraExc {
  //@ signals (IllegalStateException e) true;
  void mayFail();

  /*[/expect extraExc]*/
  void throwsUnnamed() {
    throw new IllegalStateException();
  }
  /*[/end]*/

  /*[/expect extraExc]*/
  void callLetsThrough() {
    mayFail();
  }
  /*[/end]*/

  /*[/expect extraExc]*/
  //@ signals (ArithmeticException e) true;
  void otherClass() {
    throw new IllegalArgumentException();
  }
  /*[/end]*/

  /*[/expect extraExc]*/
  void uncaught() {
    try {
      mayFail();
    } catch (ArithmeticException e) {
    }
  }
  /*[/end]*/

  void caught() {
    try {
      mayFail();
    } catch (RuntimeException e) {
    }
  }
}
