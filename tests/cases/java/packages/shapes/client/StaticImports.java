// `import static p.C.m;` and `import static p.C.*;`: C's static members by their names.
package shapes.client;

import static shapes.Square.area;
import static shapes.Square.*;

class StaticImports {
  //@ requires Perm(made, write) ** made == 0;
  //@ ensures Perm(made, write) ** made == 1;
  void m() {
    count();
    int a = area(5);
    //@ assert a == 25;
    /*[/expect assertFailed:false]*/
    //@ assert made == 0;
    /*[/end]*/
  }
}
