// Every thread taking half of every slot out of the barrier: gsize halves of
// each slot, more than the threads put in (inconsistent, VerCors's
// ParBarrierInconsistent).
class BarrierHandsOutTooMuch {
  /*@ given local int tmp[gsize];
      requires Perm(tmp[ltid], 1);
      ensures true; @*/
  kernel void gather() {
    tmp[ltid] = 1;
    /*[/expect inconsistent:perm]*/barrier(local) /*@ requires Perm(tmp[ltid], 1);
                       ensures Perm(tmp[*], 1\2); @*/;/*[/end]*/
  }
}
