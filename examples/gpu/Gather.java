// A barrier redistributes local memory among the threads of a work group: each
// thread fills its own slot of tmp, and after the barrier thread 0 reads them all.
class Gather {
  /*@ given local int tmp[gsize];
      requires Perm(v[gtid], 1\2) ** Perm(tmp[ltid], 1);
      ensures Perm(v[gtid], 1\2);
      ensures ltid == 0 ==> Perm(tmp[*], 1\2); @*/
  kernel void gather(global int[] v) {
    tmp[ltid] = v[gtid];
    barrier(local) /*@ requires Perm(tmp[ltid], 1);
                       ensures ltid == 0 ==> Perm(tmp[*], 1\2); @*/;
  }
}
