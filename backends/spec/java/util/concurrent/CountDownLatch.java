// weft's specification library: java.util.concurrent.CountDownLatch, in the
// thesis's two forms (ch. 4); the number of ghost arguments picks the form.
//
// Simplified (Listing 19), CountDownLatch/*@<inv>@*/: `count` workers each
// hand back an equal share inv(1/count) with countDown; awaiting with a share
// p of initialized gives inv(p). `held` is a group here (the thesis's "count
// predicates held(1/count)" are held(1) split count ways).
//
// Improved (Listing 20), CountDownLatch/*@<cdRes, awRes, n, m>@*/: worker i
// hands back cdRes(i), awaiting thread j receives awRes(j). The thesis asks
// that the two families be the same resource (`*-*`); soundness needs the
// direction "what comes in gives what goes out", proved per instantiation by
// the lemma below (n and m are literals there, so weft unfolds and folds each
// instance).
package java.util.concurrent;

/*@ given group (frac -> resource) inv; @*/
public class CountDownLatch {
  /*@
    ghost final int count;
    group resource initialized(frac p);
    group resource held(frac p);
  @*/

  /*@
    requires count > 0;
    ensures this.count == count ** initialized(1) ** held(1);
  @*/
  public CountDownLatch(int count);

  /*@
    requires count > 0 ** held(1/count) ** inv(1/count);
  @*/
  public void countDown();

  /*@
    given frac p;
    requires initialized(p);
    ensures inv(p);
  @*/
  public void await() throws InterruptedException;
}

/*@
  given (int -> resource) cdRes;
  given (int -> resource) awRes;
  given int nCountDown, mAwait;
@*/
public class CountDownLatch {
  /*@
    resource held(int i);
    resource awCall(int j);
  @*/

  /*@
    requires count == nCountDown ** nCountDown > 0 ** mAwait > 0;
    ensures (\forall* int i; 0 <= i && i < nCountDown; held(i));
    ensures (\forall* int j; 0 <= j && j < mAwait; awCall(j));
  @*/
  public CountDownLatch(int count);

  /*@
    requires (\forall* int i; 0 <= i && i < nCountDown; cdRes(i));
    ensures (\forall* int j; 0 <= j && j < mAwait; awRes(j));
  lemma void countDownsGiveAwaits();
  @*/

  /*@
    given int i;
    requires held(i) ** cdRes(i);
  @*/
  public void countDown();

  /*@
    given int j;
    requires awCall(j);
    ensures awRes(j);
  @*/
  public void await() throws InterruptedException;
}
