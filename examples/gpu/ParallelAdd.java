// The thesis's Listing 52: each thread atomically adds its value to the work
// group's local x, and records its contribution in the ghost array cont in
// the same atomic step. The group invariant x == (\sum cont[*]) says that x
// is always the sum of the contributions so far; each thread ends with its
// contribution equal to its value. (The listing's `local int values` is a
// global array indexed by the global thread id, which is the local one in the
// single work group the listing has in mind.)
class ParallelAdd {
  /*@ given local int cont[gsize];
      group invariant Perm(x, 1) ** Perm(cont[*], 1\2) ** x == (\sum cont[*]);
      requires Perm(values[gtid], 1\2) ** Perm(cont[ltid], 1\2) ** cont[ltid] == 0;
      ensures Perm(values[gtid], 1\2) ** Perm(cont[ltid], 1\2) ** cont[ltid] == values[gtid]; @*/
  kernel void gpadd(local int x, global int[] values) {
    atomic_add(x, values[gtid]) /*@ then { cont[ltid] = values[gtid]; } @*/;
  }
}
