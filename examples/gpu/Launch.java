// A host method launches a kernel with ksize work groups of gsize threads
// (`with { ksize = …; gsize = …; }` at the call): it gives every thread's
// precondition and gets every thread's postcondition back, here the
// permissions to the two arrays.
class Launch {
  /*@ requires Perm(a[gtid], 1) ** Perm(b[gtid], 1\2);
      ensures Perm(a[gtid], 1) ** Perm(b[gtid], 1\2) ** a[gtid] == b[gtid]; @*/
  kernel void copy(global int[] a, global int[] b) {
    a[gtid] = b[gtid];
  }

  /*@ requires a != null ** b != null ** a.length == 8 ** b.length == 8;
      requires Perm(a[*], 1) ** Perm(b[*], 1\2);
      ensures Perm(a[*], 1) ** Perm(b[*], 1\2); @*/
  void host(int[] a, int[] b) {
    copy(a, b) /*@ with { ksize = 2; gsize = 4; } @*/;
  }
}
