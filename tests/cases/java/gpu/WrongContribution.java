// The ghost code records a contribution other than what the atomic step
// added (none): the group invariant x == (\sum cont[*]) is broken. (A
// contribution of values[gtid] + 1 timed out under some seeds.)
class WrongContribution {
  /*@ given local int cont[gsize];
      group invariant Perm(x, 1) ** Perm(cont[*], 1\2) ** x == (\sum cont[*]);
      requires Perm(values[gtid], 1\2) ** Perm(cont[ltid], 1\2) ** cont[ltid] == 0;
      ensures Perm(values[gtid], 1\2) ** Perm(cont[ltid], 1\2); @*/
  kernel void gpadd(local int x, global int[] values) {
    /*[/expect notMaintained]*/atomic_add(x, values[gtid]) /*@ then { cont[ltid] = 0; } @*/;/*[/end]*/
  }
}
