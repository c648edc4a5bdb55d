// Java's empty member `;` among a class's members (the thesis's Listing 35
// writes `frac share(…){ … };`), beside a field and a nested class.
class Outer {
  int x;;

  static class Inner { int y; };

  //@ requires Perm(x, 1);
  //@ ensures Perm(x, 1) ** x == 2;
  void m() { x = 2; };
}
