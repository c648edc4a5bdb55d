// implementsPost: a method that promises less than its interface method.
interface Source {
  //@ ensures \result >= 0;
  int next();
}

class Sloppy implements Source {
  //@ ensures \result >= -1;
  public int /*[/expect implementsPost:false]*/next/*[/end]*/() {
    return -1;
  }
}
