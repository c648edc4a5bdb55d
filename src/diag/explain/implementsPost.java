// Source.next promises a result >= 0, but Sloppy.next only promises >= -1.
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
