// The ghost statements after an expression (`e /*@ then S */`) are checked
// where they run: after e is evaluated, before its value is used. A fold
// there that lacks the predicate's permissions fails at the fold, and an
// assertion about the state after the read fails at the assertion.
final class Pair {
  int left;
  int right;

  //@ resource both() = Perm(left, 1) ** Perm(right, 1);

  // Only half of `right`: the fold after the read cannot take all of it.
  /*@ requires Perm(left, 1) ** Perm(right, 1\2);
      ensures Perm(left, 1); @*/
  int half() {
    return left /*@ then /*[/expect foldFailed:perm]*/fold both();/*[/end]*/ */;
  }

  // The statements run in the state after the read: `left` is 1 there.
  /*@ requires Perm(left, 1) ** Perm(right, 1) ** left == 1;
      ensures both(); @*/
  int order() {
    int x = left /*@ then { fold both(); /*[/expect assertFailed:false]*/assert (\unfolding both() \in left) == 2;/*[/end]*/ } */;
    return x;
  }
}
