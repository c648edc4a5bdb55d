// weft's specification library: java.util.concurrent.CyclicBarrier, the
// contract of the thesis's Listing 21 (ch. 4). Party i in cycle c holds
// handle(c, i) and res(c, i); await exchanges them for the next cycle's.
// weft adds the number of parties as a ghost argument,
// CyclicBarrier/*@<res, parties>@*/, so that the exchange's soundness
// condition -- what all parties hand in during a cycle gives what they all
// take out -- is proved per instantiation by the lemma below (for every cycle
// c, by unfolding and folding each party's instance).
package java.util.concurrent;

/*@
  given (int, int -> resource) res;
  given int nParties;
@*/
public class CyclicBarrier {
  /*@
    resource handle(int c, int i);
  @*/

  /*@
    requires parties == nParties ** parties > 0;
    ensures (\forall* int i; 0 <= i && i < nParties; handle(0, i));
  @*/
  public CyclicBarrier(int parties);

  /*@
    given int c;
    requires (\forall* int i; 0 <= i && i < nParties; res(c, i));
    ensures (\forall* int i; 0 <= i && i < nParties; res(c + 1, i));
  lemma void cycleGivesNextCycle();
  @*/

  /*@
    given int i, c;
    requires handle(c, i) ** res(c, i);
    ensures handle(c + 1, i) ** res(c + 1, i);
  @*/
  public int await() throws InterruptedException;
}
