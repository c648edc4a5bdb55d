// arrayBounds: a bare expectation marker inside an expression of a
// specification comment.
public class BareMarkerArrayBounds {
  //@ requires a != null ** a.length == 1 ** Perm(a[0], 1\2);
  static int bounds(int[] a) {
    //@ assert a[0] == [/expect arrayBounds] a[1] [/end];
    return a[0];
  }
}
