// The thesis's SpinLock (ch. 5): Listing 29's implementation with Listing
// 35's specification. The atomic integer holds the protected resource
// `resinv` while unlocked (U); the thread that moves it to locked (L) with
// compareAndSet takes it, and gives it back with set(U). The thesis claims
// it verifies (its protocol's sanity, Figure 5.8, and the proof outline).
//
// Typed in as printed (Listing 35's members in Listing 29's class), but:
//   * `sync` is final: the contracts read it (`handle(T,U,f)` is
//     `sync.handle`) without permission, which a final field allows; Listing
//     29 assigns it in the constructor only;
//   * the proof hints the thesis says it leaves out "for clarity" (§5.4): the
//     spin loop's invariant and the calls' ghost arguments (`given`, `with`);
//     the `/*! … !*/` proof-outline states stay the comments they are;
//   * a client (class Client): weft checks a class with ghost parameters
//     through its instances.
import java.util.concurrent.atomic.*;

/*@ given group (frac -> group) resinv; @*/
public class SpinLock{
   private final int U = 0, L=1;
   private final AtomicInteger sync;
    /*@
    group inv = resinv;
    pred trans(role r,int c,int n) =
    (c==U && n==L) || (c==L && n==U);
    frac share(role r,int s){
    return (r == S && s == U) ? 1 : 0; }; @*/

  /*@
    requires resinv(1);
  ensures handle(T,U,1); @*/
    SpinLock(){
  /*! {inv(share(S,U))} !*/
        sync = new AtomicInteger(U);
  /*! {handle(T,U,1)} !*/
        }

    /*@ given frac f;
  requires handle(T,U,f);
    ensures handle(T,L,f) ** resinv(1); @*/
    void lock(){
        //@ loop_invariant handle(T,U,f);
        while(!sync.compareAndSet(U,L) /*@ given { r = T, p = f } @*/);
  /*! {handle(T,L,f) ** inv(share(S,U))} !*/
        }

    /*@ given frac f;
  requires handle(T,L,f) ** resinv(1);
    ensures handle(T,U,f); @*/
  void unlock(){
        /*! {handle(T,L,f) ** inv(share(S,U))} !*/
  sync.set(U) /*@ with { r = T; d = L; p = f; } @*/;
        /*! {handle(T,U,f) ** inv(share(S,L))} !*/
  }
    }

class Client {
  int x;
  /*@ group resource r(frac p) = Perm(x, p); @*/

  /*@ requires Perm(x, 1); @*/
  void m() {
    //@ fold r(1);
    SpinLock/*@<r>@*/ l = new SpinLock/*@<r>@*/();
    l.lock() /*@ with { f = 1; } @*/;
    //@ unfold r(1);
    x = x + 1;
    //@ fold r(1);
    l.unlock() /*@ with { f = 1; } @*/;
  }
}
