// A thread writing its neighbour's element without permission: a race.
class RacyWrite {
  /*@ requires Perm(c[gtid], 1);
      ensures Perm(c[gtid], 1); @*/
  kernel void shift(global int[] c) {
    /*[/expect assignFieldFailed]*/c[(gtid + 1) % (ksize * gsize)] = 0;/*[/end]*/
  }
}
