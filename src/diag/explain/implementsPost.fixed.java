// Sloppy.next now promises (and delivers) at least what Source.next promises.
interface Source {
  //@ ensures \result >= 0;
  int next();
}

class Sloppy implements Source {
  //@ ensures \result >= 0;
  public int next() {
    return 0;
  }
}
