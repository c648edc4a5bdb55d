// VerCors's `e /*@ then S */`: the ghost statements S run once e is
// evaluated, before its value is used. A cell's predicate is unfolded to
// read its value and folded back after the read, in each place an
// expression stands: a returned value, an operand, an initializer, an
// argument, an expression statement, after a pure function, and with a
// block of statements.
final class Cell {
  int val;
  int reads;

  //@ resource inv() = Perm(val, 1) ** Perm(reads, 1) ** reads >= 0;

  /*@ requires inv();
      ensures inv() ** \result == (\unfolding inv() \in val); @*/
  int get() {
    //@ unfold inv();
    return val /*@ then fold inv(); */;
  }

  // The left operand is read before the fold (Java's order), the right one
  // just before it.
  /*@ requires inv();
      ensures inv() ** \result == 2 * (\unfolding inv() \in val); @*/
  int twice() {
    //@ unfold inv();
    return val + val /*@ then fold inv(); */;
  }

  /*@ requires inv();
      ensures inv() ** \result == (\unfolding inv() \in val) + 1; @*/
  int next() {
    //@ unfold inv();
    int v = val /*@ then fold inv(); */;
    return v + 1;
  }

  /*@ pure @*/ static int id(int x) { return x; }

  //@ ensures \result == x + x;
  static int twiceOf(int x) { return x + x; }

  /*@ requires inv();
      ensures inv() ** \result % 2 == 0; @*/
  int viaCall() {
    //@ unfold inv();
    return twiceOf(val /*@ then fold inv(); */);
  }

  /*@ requires inv();
      ensures inv() ** \result == (\unfolding inv() \in val); @*/
  int viaFunction() {
    //@ unfold inv();
    return id(val) /*@ then { assert reads >= 0; fold inv(); } */;
  }

  /*@ requires Perm(val, 1) ** Perm(reads, 1) ** reads >= 0;
      ensures inv() ** \result == \old(val); @*/
  int counted() {
    reads = reads + 1;
    int v = val;
    int k = 0;
    k++ /*@ then fold inv(); */;
    return v + k - 1;
  }
}
