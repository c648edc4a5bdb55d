// A local array parameter (the thesis's Listing 52 writes `local int values`)
// is its work group's memory, one element per thread, starting at zero; ghost
// memory given without `local` or `global` is the work group's too, made once
// per group (here over any number of groups).
class LocalArrayParam {
  /*@ given int cont[gsize];
      group invariant Perm(x, 1) ** Perm(cont[*], 1\2) ** x == (\sum cont[*]);
      requires Perm(values[ltid], 1\2) ** Perm(cont[ltid], 1\2) ** cont[ltid] == 0;
      ensures Perm(values[ltid], 1\2) ** Perm(cont[ltid], 1\2) ** cont[ltid] == values[ltid]; @*/
  kernel void gpadd(local int x, local int[] values) {
    atomic_add(x, values[ltid]) /*@ then { cont[ltid] = values[ltid]; } @*/;
  }
}
