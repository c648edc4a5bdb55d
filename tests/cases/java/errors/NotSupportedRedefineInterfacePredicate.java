// expect-error: notSupported
// An interface's predicate is one predicate shared by every implementer:
// a class may not give it its own definition.
interface Guarded {
  //@ resource inv();
}

class Box implements Guarded {
  int v;
  //@ resource /*[/expect notSupported]*/inv/*[/end]*/() = Perm(v, 1);
}
