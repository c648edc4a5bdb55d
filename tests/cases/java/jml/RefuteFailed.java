// refuteFailed: what the contract proves cannot be refuted. The bare markers
// inside the specification comment mark where (as VerCors writes them).
public class RefuteFailed {
  int x;

  //@ requires Perm(x, 1\2) ** x == 2;
  void known() {
    //@ [/expect refuteFailed] refute x == 2; [/end]
    //@ assert x == 2;
  }
}
