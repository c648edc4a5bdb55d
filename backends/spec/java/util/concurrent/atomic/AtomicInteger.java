// weft's specification library: java.util.concurrent.atomic.AtomicInteger
// with the protocol contract of the thesis's Listing 31 (ch. 5).
//
// The class is parameterised by a protocol: `rs`, the roles of the threads
// that take part (the synchroniser's own role is S); `inv`, the shared
// resource (a group: it splits by fraction); `share(r, v)`, the fraction of
// `inv` that role r holds in its view v (S: the synchroniser, in the state
// v); `trans(r, c, n)`, the updates from c to n role r may make. A class that
// defines members `inv`, `share` and `trans` and writes `new AtomicInteger(v)`
// binds them (the thesis's chapter 5 form); `AtomicInteger/*@<rs, inv,
// share, trans>@*/` binds them explicitly.
//
// `handle(r, d, p)` is a share p of the right of role r to use the atomic
// integer, with d the value it last saw (its view). A role whose share is not
// 0 in every view acts with its whole handle (one thread at a time). weft
// checks, at every `new`, that the protocol creates no resource: in no
// snapshot reachable through `trans` do the threads' shares exceed what they
// had at the start (code shareSanity; `passes::java::protocol` says why that
// makes the contract sound).
//
// `get` may be shown a witness: w of inv that the thread holds (given, 0
// when left out). It learns that the synchroniser's share in the value read
// and w do not `exceed` what can exist at once (its view share is left out:
// not counting it is weaker, so sound however view shares are paid): the
// Semaphore's releasing thread holds a permit, so it cannot read that all
// permits are in the synchroniser (c < num).
//
// As Listing 31, but: compareAndSet exchanges only the difference of the
// synchroniser's shares (cut-off subtraction, Listing 38), which is the same
// exchange where one of them is 0 and also serves shared readers; `set` does
// not give back the synchroniser's share of
// the thread's view (sound only if the view is still the value; in the
// thesis's clients that share is 0 where they set), and the whole handle is
// needed by a role with shares.
package java.util.concurrent.atomic;

/*@
  given set<role> rs;
  given group (frac -> resource) inv;
  given (role, int -> frac) share;
  given (role, int, int -> boolean) trans;
@*/
public class AtomicInteger {
  private volatile int value;

  /*@
    group resource handle(role r, int d, frac p);
    // The values the protocol lets the integer take from its initial value:
    // weft writes the body per instance, from its sanity check (the values
    // it found) or, where they are no finite set, from the bounds the steps
    // of `trans` keep (`passes::java::protocol::step_bounds`); the
    // constructor requires it of the initial value.
    pure boolean values(int v);

    // Whether t of inv cannot be held at once: `t > 1` where inv is a
    // fraction of a write permission (its fractions add up to at most one),
    // else false; weft writes the body per instance
    // (`passes::java::bounded`).
    pure boolean exceeds(zfrac t);

    // The thesis's cut-off subtraction (ch. 6): a − b, or 0 below it.
    pure rational cutoff(rational a, rational b) = a > b ? a - b : 0;
  @*/

  /*@
    requires values(v) ** inv(share(S, v));
    ensures (\forall* role r; r \in rs; handle(r, v, 1));
  @*/
  public AtomicInteger(int v);

  /*@
    given role r, int d, frac p;
    given zfrac w = 0;
    requires p == 1 || (\forall int v; share(r, v) == 0);
    requires handle(r, d, p) ** inv(share(r, d)) ** (w > 0 ==> inv(w));
    ensures handle(r, \result, p) ** inv(share(r, \result)) ** values(\result);
    ensures (w > 0 ==> inv(w)) ** !exceeds(share(S, \result) + w);
  @*/
  public int get();

  /*@
    given role r, int d, frac p;
    requires p == 1 || (\forall int w; share(r, w) == 0);
    requires handle(r, d, p) ** trans(r, d, v);
    requires inv(share(S, v)) ** inv(share(r, d));
    ensures handle(r, v, p) ** inv(share(r, v));
  @*/
  public void set(int v);

  /*@
    given role r, frac p;
    requires p == 1 || (\forall int w; share(r, w) == 0);
    requires handle(r, x, p) ** trans(r, x, n);
    requires inv(cutoff(share(S, n), share(S, x))) ** inv(share(r, x));
    ensures \result ==> handle(r, n, p) ** inv(cutoff(share(S, x), share(S, n))) ** inv(share(r, n));
    ensures !\result ==> handle(r, x, p) ** inv(cutoff(share(S, n), share(S, x))) ** inv(share(r, x));
  @*/
  public boolean compareAndSet(int x, int n);

  // The unconditional steps v -> v ± 1 from whatever value v the integer
  // holds: every such step from a value it can take must be in `trans` and
  // leave the synchroniser's share as it is (what is in it stays there), and
  // the role must have no view shares (its view moves to a value it did not
  // choose).

  /*@
    given role r, int d, frac p;
    requires (\forall int v; share(r, v) == 0) ** handle(r, d, p);
    requires (\forall int v; values(v) ==> trans(r, v, v + 1) && share(S, v + 1) == share(S, v));
    ensures handle(r, \result + 1, p) ** values(\result);
  @*/
  public int getAndIncrement();

  /*@
    given role r, int d, frac p;
    requires (\forall int v; share(r, v) == 0) ** handle(r, d, p);
    requires (\forall int v; values(v) ==> trans(r, v, v + 1) && share(S, v + 1) == share(S, v));
    ensures handle(r, \result, p) ** values(\result - 1);
  @*/
  public int incrementAndGet();

  /*@
    given role r, int d, frac p;
    requires (\forall int v; share(r, v) == 0) ** handle(r, d, p);
    requires (\forall int v; values(v) ==> trans(r, v, v - 1) && share(S, v - 1) == share(S, v));
    ensures handle(r, \result - 1, p) ** values(\result);
  @*/
  public int getAndDecrement();

  /*@
    given role r, int d, frac p;
    requires (\forall int v; share(r, v) == 0) ** handle(r, d, p);
    requires (\forall int v; values(v) ==> trans(r, v, v - 1) && share(S, v - 1) == share(S, v));
    ensures handle(r, \result, p) ** values(\result + 1);
  @*/
  public int decrementAndGet();
}
