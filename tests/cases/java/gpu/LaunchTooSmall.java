// The launch names 3 groups of 4 threads for arrays of 8 elements: the
// kernel's precondition (one element per thread) does not hold at the call.
class LaunchTooSmall {
  /*@ requires Perm(a[gtid], 1);
      ensures Perm(a[gtid], 1); @*/
  kernel void zero(global int[] a) {
    a[gtid] = 0;
  }

  /*@ requires a != null ** a.length == 8 ** Perm(a[*], 1); @*/
  void host(int[] a) {
    /*[/expect preFailed:false]*/zero(a) /*@ with { ksize = 3; gsize = 4; } @*/;/*[/end]*/
  }
}
