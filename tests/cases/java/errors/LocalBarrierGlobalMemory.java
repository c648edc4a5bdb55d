// expect-error: typeError:misplaced
// A local barrier synchronises the local memory of one work group: it cannot
// hand out global memory, which other work groups may hold.
class LocalBarrierGlobalMemory {
  /*@ requires Perm(a[gtid], 1);
      ensures Perm(a[gtid], 1); @*/
  kernel void k(global int[] a) {
    barrier(local) /*@ requires /*[/expect typeError:misplaced]*/Perm(a[gtid], 1)/*[/end]*/;
                       ensures true; @*/;
  }
}
