// expect-error: notSupported
// An inner class (a class in a class without `static`): its objects have an
// implicit outer object, which weft does not model; a static nested class,
// an interface and an enum are classes of the unit.
class Outer {
  int x;

  static class Nested { int y; }

  interface Named { }

  /*[/expect notSupported]*/class Inner { int z; }/*[/end]*/
}
