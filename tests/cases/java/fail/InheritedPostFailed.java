// A method without a contract takes its interface method's, and its body is
// verified against it: the failure is reported at the interface's clause.
interface Source {
  //@ ensures /*[/expect postFailed:false]*/\result >= 0/*[/end]*/;
  int next();
}

class Broken implements Source {
  public int next() {
    return -1;
  }
}
