// The thesis's Listing 52 (ch. 8): each thread of a work group atomically
// adds its value to the group's local x, and records its contribution in the
// ghost array cont in the same atomic step; the group invariant keeps x equal
// to the sum of the contributions. The thesis claims it verifies.
//
// Typed in as printed, with one typo fixed: `local int values` is an array
// (`local int[] values`), as its uses `values[ltid]` say. The kernel is in a
// class, as weft's kernels are.
class ParallelAdd {
  /*@ given int cont[gsize] ;
  group invariant Perm(x,1)** Perm(cont[*],1/2) ** x==(sum cont[*]) ;
  requires Perm(values[ltid],1/2)** Perm(cont[ltid],1/2) **
     cont[ltid]==0 ;
  ensures Perm(values[ltid],1/2)** Perm(cont[ltid],1/2) **
     cont[ltid]==values[ltid] ; @*/
  kernel void gpadd(local int x, local int[] values){
  atomic_add(x,values[ltid]) /*@ then { cont[ltid]=values[ltid]; } @*/; }
}
