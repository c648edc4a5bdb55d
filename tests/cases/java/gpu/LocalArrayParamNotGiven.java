// A local array parameter starts at zero: the host gives it no values.
class LocalArrayParamNotGiven {
  /*@ requires Perm(values[ltid], 1\2);
      ensures Perm(values[ltid], 1\2); @*/
  kernel void k(local int[] values) {
    /*[/expect assertFailed:false]*/
    //@ assert values[ltid] == 1;
    /*[/end]*/
  }
}
