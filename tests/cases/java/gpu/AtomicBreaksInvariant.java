// Subtracting a non-negative value may break the group invariant 0 <= x.
class AtomicBreaksInvariant {
  /*@ group invariant Perm(x, 1) ** 0 <= x;
      requires Perm(v[gtid], 1\2) ** 0 <= v[gtid];
      ensures Perm(v[gtid], 1\2); @*/
  kernel void count(local int x, global int[] v) {
    /*[/expect notMaintained]*/atomic_sub(x, v[gtid]);/*[/end]*/
  }
}
