// A process lemma that calls itself with arguments no shorter could prove
// anything (here that `get(e)` is `empty`): each recursive call must make
// the total length of its sequence arguments smaller.
class Hist1 {
  /*@
  seq<int> q;

  modifies q;
  ensures \old(q) == seq<int>{e} + q;
  process get(int e);
  @*/

  //@ ensures get(e) == empty;
  //@ void bad(seq<int> es, int e) {
  /*[/expect preFailed:false]*/
  //@   bad(es, e);
  /*[/end]*/
  //@ }
}
