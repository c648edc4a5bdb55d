// A process `P || Q` of two recursive processes is checked over every
// interleaving (the expansion law): with gets before puts, what comes out
// need not be what went in, whatever the lengths.
class Box5 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);

  modifies q;
  ensures \old(q) == seq<int>{e} + q;
  process get(int e);

  modifies q;
  ensures q == \old(q) + es;
  process put_all(seq<int> es) = |es| == 0 ? empty :
      (put(head(es)) * put_all(tail(es)));

  modifies q;
  ensures \old(q) == es + q;
  process get_all(seq<int> es) = |es| == 0 ? empty :
      (get(head(es)) * get_all(tail(es)));
  @*/

  //@ modifies q;
  /*[/expect processPostFailed:false]*/
  //@ ensures |input| == |output| ==> input == output;
  /*[/end]*/
  //@ process feed(seq<int> input, seq<int> output) = put_all(input) || get_all(output);
}
