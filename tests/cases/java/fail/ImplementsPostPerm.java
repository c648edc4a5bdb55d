// implementsPost:perm: the interface promises a permission back that the
// implementation keeps.
class Cell {
  int v;
}

interface Reader {
  /*@ requires c != null ** Perm(c.v, 1);
      ensures Perm(c.v, 1); @*/
  int read(Cell c);
}

class Keeper implements Reader {
  /*@ requires c != null ** Perm(c.v, 1); @*/
  public int /*[/expect implementsPost:perm]*/read/*[/end]*/(Cell c) {
    return c.v;
  }
}
