// Listing 53 as the thesis writes it: the barrier's postcondition reads the
// group's x, which no thread holds after the barrier (the group invariant
// keeps half of it in region 1; the other half is given to no one).
class GlobalAddAsWritten {
  /*@ given global int sums[ksize] = {0};
      given local int cont[gsize] = {0}, region = 0;
      kernel invariant Perm(r, 1) ** Perm(sums[*], 1\2) ** r == (\sum sums[*]);
      group invariant Perm(region, 1\(gsize+1)) ** Perm(x, region == 0 ? 1 : 1\2)
        ** Perm(cont[*], 1\2) ** x == (\sum cont[*]);
      requires Perm(region, 1\(gsize+1)) ** Perm(values[gtid], 1\2);
      requires Perm(cont[ltid], 1\2) ** cont[ltid] == 0;
      requires ltid == 0 ==> Perm(sums[gid], 1\2) ** sums[gid] == 0;
      ensures Perm(region, 1\(gsize+1)) ** Perm(values[gtid], 1\2);
      ensures Perm(cont[ltid], 1\4) ** cont[ltid] == values[gtid];
      ensures ltid == 0 ==> Perm(cont[*], 1\4) ** Perm(sums[gid], 1\2);
      ensures ltid == 0 ==> sums[gid] == (\sum cont[*]); @*/
  kernel void KParallelAdd(local int x, global int[] values, global int r) {
    atomic_add(x, values[gtid]) /*@ then { cont[ltid] = values[gtid]; } @*/;
    barrier(local) /*@
      requires Perm(region, 1\(gsize+1)) ** region == 0 ** Perm(cont[ltid], 1\4);
      ensures Perm(region, 1\(gsize+1)) ** region == 1;
      ensures ltid == 0 ==> Perm(cont[*], 1\4) ** /*[/expect perm]*/x/*[/end]*/ == (\sum cont[*]);
      { region = 1; } @*/;
    if (ltid == 0)
      atomic_add(r, x) /*@ then { sums[gid] = x; } @*/;
  }
}
