// unsupported-on: boogie no verdict in 120 s: the thread's and the group's bodies (the rotation's `(gtid+1) % gsize` indices) do not finish
// The thesis's Listing 51 (ch. 8, after Blom et al.): each thread writes its
// id into a[gtid]; at the global barrier the threads' permissions on `a` are
// rotated, and each thread then reads its neighbour's a[(gtid+1) % gsize]
// into b[gtid]. The thesis claims it verifies, under the barrier rule of [21]
// that "redistributes all permissions available to the work group" (each
// thread loses all of its permissions at the barrier).
//
// Typed in as printed, with the typos fixed: `global int a, b` are arrays,
// the specifications' `=` are `==`. The kernel is in a class.
//
// weft implements the chapter's other rule ("the second approach ... we use
// in the rest of this chapter"): a barrier's precondition states the
// permissions a thread gives up, and they frame its facts. The listing's
// barrier requires `a[gtid]==gtid` without a permission to read it, which
// weft refuses (line 7).
class Rotate {
  /*@ requires Perm(a[gtid],1) ** Perm(b[gtid],1);
   ensures Perm(b[gtid],1) ** b[gtid] == (gtid+1) % gsize; @*/
   kernel void rotate(global int[] a, global int[] b){
     a[gtid]=gtid;
     barrier(global){
     /*@ requires /*[/expect perm]*/a[gtid]/*[/end]*/==gtid;
       ensures Perm(a[(gtid+1) % gsize],1/2) ** Perm(b[gtid],1);
       ensures a[(gtid+1) % gsize]==(gtid+1) % gsize; @*/
     }
    b[gtid]=a[(gtid+1) % gsize];
    }
}
