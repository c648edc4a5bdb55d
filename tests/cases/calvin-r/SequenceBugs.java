// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// performs specs with `;` and `*` (examples/calvin-r/Sequences.java),
// broken: each fails with actionMismatch where the reduced sequence ends.
class Two {
  int m /*@ accessible_if m == 0 || m == tid */;
  int a /*@ accessible_if m == 0 || m == tid */;
  int b /*@ accessible_if m == 0 || m == tid */;

  // B before A: the first sequence ends at the second acquire, and the
  // spec does not begin with B.
  /*@ performs action "A": (a) { \old(m) == 0 && a == \old(a) + 1 }
             ; action "B": (b) { \old(m) == 0 && b == \old(b) + 1 } */
  void backwards() {
    acquire(m);
    int y = b;
    b = y + 1;
    /*@ witness "B"; */
    release(m);
    /*[/expect actionMismatch]*/
    acquire(m);
    /*[/end]*/
    int x = a;
    a = x + 1;
    /*@ witness "A"; */
    release(m);
  }

  // Only A: the spec may not end after A.
  /*@ performs action "A": (a) { \old(m) == 0 && a == \old(a) + 1 }
             ; action "B": (b) { \old(m) == 0 && b == \old(b) + 1 } */
  void half() {
    acquire(m);
    int x = a;
    a = x + 1;
    /*@ witness "A"; */
    release(m);
  /*[/expect actionMismatch]*/}/*[/end]*/

  // Each iteration adds two where the action adds one.
  /*@ performs action "Inc": (a) { \old(m) == 0 && a == \old(a) + 1 } * */
  void doubles(int n) {
    int i = 0;
    /*[/expect actionMismatch]*/
    //@ loop_invariant 0 <= i;
    while (i < n) {
      acquire(m);
      int x = a;
      a = x + 2;
      /*@ witness "Inc"; */
      release(m);
      i = i + 1;
    }
    /*[/end]*/
  }
}
