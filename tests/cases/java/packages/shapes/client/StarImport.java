// `import shapes.*;` makes every class of the package visible.
package shapes.client;

import shapes.*;

class StarImport {
  //@ requires Perm(Square.made, 1\2);
  //@ ensures Perm(Square.made, 1\2) ** Square.made == \old(Square.made);
  void m() {
    int a = Square.area(2);
    //@ assert a == 4;
  }

  //@ requires Perm(Square.made, 1\2);
  void n() {
    /*[/expect preFailed:perm]*/
    Square.count();
    /*[/end]*/
  }
}
