// The thesis's Listing 53 (ch. 8): a parallel add over several work groups.
// Each thread atomically adds its value to its group's local x (recording it
// in the ghost cont); after the group's barrier, thread 0 of each group adds
// x to the global r (recording the group's total in the ghost sums). The
// thesis claims it verifies.
//
// Typed in as printed, with the typos fixed: `global int values` is an array
// (`global int[] values`), line 17's `region==0)**` loses its stray `)`. The
// kernel is in a class, as weft's kernels are.
//
// weft finds the barrier's postcondition (line 20) reading x without
// permission: in region 1 the group invariant keeps half of x and no clause
// gives the other half to a thread, though the thesis says that after the
// barrier x "can be read concurrently by all the threads". With that half
// given out at the barrier (`ensures Perm(x, 1\(2 * gsize))`) the kernel
// verifies: examples/gpu/GlobalAdd.java.
class GlobalAdd {
/*@ given global int sums[ksize]={0} ;
given local int cont[gsize]={0}, region=0 ;
kernel invariant
Perm(r,1)** Perm(sums[*],1/2) ** r==(sum sums[*]) ;
group invariant Perm(region,1/(gsize+1))**Perm(x,region==0?1:1/2)
** Perm(cont[*],1/2) ** x==(sum cont[*]) ;
requires Perm(region,1/(gsize+1))**Perm(values[gtid],1/2);
requires Perm(cont[ltid],1/2) ** cont[ltid]==0 ;
requires ltid==0 ==> Perm(sums[gid],1/2)**sums[gid]==0 ;
ensures Perm(region,1/(gsize+1))**Perm(values[gtid],1/2);
ensures Perm(cont[ltid],1/4) ** cont[ltid]==values[gtid] ;
ensures ltid==0 ==> Perm(cont[*],1/4)**Perm(sums[gid],1/2) ;
ensures ltid==0 ==> sums[gid]==(sum cont[*]) ; @*/
kernel void KParallelAdd(local int x, global int[] values, global int r){
atomic_add(x,values[gtid]) /*@ then { cont[ltid]=values[gtid]; } @*/;
barrier(local)/*@
requires Perm(region,1/(gsize+1))**region==0**
Perm(cont[ltid],1/4) ;
ensures Perm(region,1/(gsize+1))**region==1;
ensures ltid==0 ==> Perm(cont[*],1/4)**/*[/expect perm]*/x/*[/end]*/==(sum cont[*]) ;
{ region=1; } @*/;
if(ltid==0)
atomic_add(r,x)/*@ then { sums[gid]=x; } @*/; }
}
