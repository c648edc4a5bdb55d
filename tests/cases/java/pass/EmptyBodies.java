// An empty statement as the body of an `if`, an `else` and a loop is an
// empty block (it once made the parser index an empty list).
class EmptyBodies {
  //@ ensures \result == x;
  int m(int x) {
    if (x > 0) ; else ;
    //@ loop_invariant true;
    while (false) ;
    return x;
  }
}
