// Java's spellings of the specification collections (the thesis writes
// `ghost Set<role> roles = {T};`): `Set<…>`, `Seq<…>`, `Bag<…>` in
// specifications, and `{a, b}` initialising one.
class SpecCollections {
  /*@ ghost Set<int> small = {1, 2};
      ghost Seq<int> order = {3, 1, 2}; @*/

  /*@ ensures Perm(small, 1) ** Perm(order, 1) ** small == set<int>{1, 2}; @*/
  SpecCollections() { }

  /*@ requires Perm(small, 1) ** Perm(order, 1) ** small == set<int>{1, 2} ** order == seq<int>{3, 1, 2}; @*/
  void m() {
    /*@ ghost Bag<int> twice = {1, 1};
        ghost Seq<int> two = {1, 2}; @*/
    //@ assert 2 \in small && !(3 \in small);
    //@ assert order[0] == 3 && two[1] == 2;
    /*[/expect assertFailed:false]*/
    //@ assert order[1] == 2;
    /*[/end]*/
  }
}
