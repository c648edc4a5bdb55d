// A GPU kernel (the thesis's ch. 8 syntax): every thread of every work group adds
// one pair of elements. The thread contract names the thread's global id gtid;
// the launch gives ksize work groups of gsize threads each and gets back the
// separating conjunction of all threads' postconditions.
class VectorAdd {
  /*@ requires Perm(a[gtid], 1\2) ** Perm(b[gtid], 1\2) ** Perm(c[gtid], 1);
      ensures Perm(a[gtid], 1\2) ** Perm(b[gtid], 1\2) ** Perm(c[gtid], 1);
      ensures c[gtid] == a[gtid] + b[gtid]; @*/
  kernel void add(global int[] a, global int[] b, global int[] c) {
    c[gtid] = a[gtid] + b[gtid];
  }
}
