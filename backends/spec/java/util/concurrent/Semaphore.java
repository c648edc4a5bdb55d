// weft's specification library: java.util.concurrent.Semaphore, the contract
// of the thesis's Listing 18 (ch. 4). `inv` is the resource the semaphore
// protects (a group: it splits by fraction); each of the `permits` holders
// gets an equal share inv(1/permits). `initialized(p)` is a share of the
// right to acquire; `held(p)` records that a permit is held (abstract, so
// only acquire gives it: releasing needs a permit really held).
package java.util.concurrent;

/*@ given group (frac -> resource) inv; @*/
public class Semaphore {
  /*@
    ghost final int permits;
    group resource initialized(frac p);
    resource held(frac p);
  @*/

  /*@
    requires inv(1) ** permits > 0;
    ensures initialized(1) ** this.permits == permits;
  @*/
  public Semaphore(int permits);

  /*@
    given frac p;
    requires permits > 0 ** initialized(p);
    ensures inv(1/permits) ** held(p);
  @*/
  public void acquire() throws InterruptedException;

  /*@
    given frac p;
    requires permits > 0 ** inv(1/permits) ** held(p);
    ensures initialized(p);
  @*/
  public void release();
}
