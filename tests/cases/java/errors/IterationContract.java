// expect-error: notSupported
// VerCors's iteration contract (a loop body with its own requires/ensures,
// verified per iteration as a parallel loop) is refused with its span.
class IterationContract {
  //@ context_everywhere a != null;
  //@ context (\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));
  void zero(int[] a) {
    for (int i = 0; i < a.length; i++)
    /*[/expect notSupported]*//*@
      requires Perm(a[i], write);
      ensures Perm(a[i], write) ** a[i] == 0;
    @*//*[/end]*/
    {
      a[i] = 0;
    }
  }
}
