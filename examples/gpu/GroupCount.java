// Atomic operations on local memory: each work group accumulates its threads'
// non-negative values in a local cell x. The group invariant owns x; an atomic
// operation holds it while it runs and must give it back intact.
class GroupCount {
  /*@ group invariant Perm(x, 1) ** 0 <= x;
      requires Perm(v[gtid], 1\2) ** 0 <= v[gtid];
      ensures Perm(v[gtid], 1\2); @*/
  kernel void count(local int x, global int[] v) {
    atomic_add(x, v[gtid]);
  }
}
