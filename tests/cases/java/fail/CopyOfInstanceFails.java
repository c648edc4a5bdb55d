// A member of a class with ghost parameters is verified once per instance;
// here only the instance for `true` fails, and the failure says which copy
// (a related location at the instance's first use).
/*@ given boolean strict; @*/
class Gate {
  int x;

  /*@ requires Perm(x, 1);
      ensures Perm(x, 1); @*/
  void check() {
    x = 1;
    /*[/expect assertFailed:false]*/
    //@ assert !strict;
    /*[/end]*/
  }
}

class User {
  void use() {
    Gate/*@<false>@*/ a = new Gate/*@<false>@*/();
    Gate/*@<true>@*/ b = new Gate/*@<true>@*/();
  }
}
