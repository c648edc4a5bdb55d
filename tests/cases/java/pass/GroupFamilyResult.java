// The thesis's spelling of a family of group resources, `(frac -> group)`
// (Listings 31 and 35), and Java's empty member `;` after a ghost function's
// body (Listing 35's `frac share(…){ … };`).
/*@ given group (frac -> group) resinv; @*/
class Box {
  /*@ pure int twice(int v) { return 2 * v; }; @*/

  /*@ requires resinv(1); @*/
  Box() { }
}

class Client {
  int x;
  /*@ group resource r(frac p) = Perm(x, p); @*/

  /*@ requires Perm(x, 1); @*/
  void m() {
    //@ fold r(1);
    Box/*@<r>@*/ b = new Box/*@<r>@*/();
  }
}
