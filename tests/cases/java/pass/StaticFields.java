// Static fields that are not final are fields of one object per class (as
// VerCors encodes them): they need permission like instance fields, which a
// contract names as `Perm(x, 1)` or `Perm(C.x, 1)`.
public class StaticFields {
  static int shared;
  static int a, b;
  int owned;

  //@ requires Perm(shared, 1);
  //@ ensures Perm(shared, 1) ** shared == \old(shared) + 1;
  static void incr() {
    shared = shared + 1;
  }

  //@ requires Perm(shared, 1) ** Perm(owned, 1);
  //@ ensures Perm(shared, 1) ** Perm(owned, 1) ** shared == \old(shared) + 2 ** owned == \old(owned);
  void twice() {
    incr();
    StaticFields.incr();
  }

  //@ requires Perm(a, 1) ** Perm(b, 1);
  //@ ensures Perm(a, 1) ** Perm(b, 1) ** a == \old(b) && b == \old(a);
  static void swap() {
    int t = a;
    a = b;
    StaticFields.b = t;
  }

  // Read through an object: the same field for every object.
  //@ requires o != null ** p != null ** Perm(shared, 1\2);
  //@ ensures Perm(shared, 1\2) ** \result == 0;
  static int same(StaticFields o, StaticFields p) {
    return o.shared - p.shared;
  }
}

class User {
  //@ requires Perm(StaticFields.shared, 1);
  //@ ensures Perm(StaticFields.shared, 1) ** StaticFields.shared == \old(StaticFields.shared) + 1;
  void use() {
    StaticFields.shared++;
  }

  //@ requires Perm(StaticFields.a, 1\2) ** Perm(StaticFields.b, 1\2);
  void distinct() {
    // Two fields, one object: a and b are different locations.
    //@ assert Perm(StaticFields.a, 1\2) ** Perm(StaticFields.b, 1\2);
    int x = StaticFields.a + StaticFields.b;
  }
}
