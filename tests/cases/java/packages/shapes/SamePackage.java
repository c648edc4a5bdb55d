// A class of the same package is found (`shapes/Square.java`) without an import.
package shapes;

class SamePackage {
  void m() {
    int a = Square.area(3);
    //@ assert a == 9;
    /*[/expect assertFailed:false]*/
    //@ assert a == 10;
    /*[/end]*/
  }
}
