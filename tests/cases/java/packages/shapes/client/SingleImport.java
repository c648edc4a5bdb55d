// `import shapes.Square;` from a sub-package: found at <root>/shapes/Square.java.
package shapes.client;

import shapes.Square;

class SingleImport {
  //@ requires Perm(Square.made, write);
  void m() {
    Square.count();
    int a = Square.area(4);
    //@ assert a == 16;
    /*[/expect preFailed:false]*/
    Square.area(-1);
    /*[/end]*/
  }
}
