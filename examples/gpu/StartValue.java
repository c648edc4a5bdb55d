// A thread given permission to a scalar of kernel memory starts knowing the
// value the kernel made it with: here every thread reads the local ghost
// `phase`, and its start value 7 is what each of them sees.
class StartValue {
  /*@ given local int phase = 7;
      requires Perm(phase, 1\gsize);
      ensures Perm(phase, 1\gsize) ** phase == 7; @*/
  kernel void k() {
    /*@ ghost int seen = phase; @*/
    //@ assert seen == 7;
  }
}
