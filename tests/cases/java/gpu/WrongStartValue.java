// A thread knows the value kernel memory starts at, and no other.
class WrongStartValue {
  /*@ given local int phase = 7;
      requires Perm(phase, 1\gsize);
      ensures Perm(phase, 1\gsize); @*/
  kernel void k() {
    /*[/expect assertFailed:false]*/
    //@ assert phase == 8;
    /*[/end]*/
  }
}
