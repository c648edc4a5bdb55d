// `\current_thread` in Java specifications (the thesis's §7.2): a
// thread_local predicate owns the running thread's slot.
class CurrentThread {
  int[] slots;

  /*@ thread_local resource mine() = Perm(slots, 1/2) ** slots != null
        ** 0 <= \current_thread ** \current_thread < slots.length
        ** Perm(slots[\current_thread], 1); @*/

  /*@ requires mine();
      ensures mine(); @*/
  void touch() {
    //@ unfold mine();
    //@ assert Perm(slots[\current_thread], 1);
    //@ fold mine();
  }
}
