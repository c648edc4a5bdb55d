// A producer and a consumer hand a buffer back and forth through an
// AtomicInteger (the thesis's Listing 34): in state E (empty) the producer's
// view holds the buffer, in state F (full) the consumer's. The protocol binds
// AtomicInteger's ghost parameters by name, and weft checks that it creates
// no resource (shareSanity).
//
// As in the thesis, but: `sync` is final and `handle` is `sync.handle`; the
// constructor does not require `Perm(data, 1)` (a new object's fields are its
// own: requiring them again can never hold); the
// spin loops assign their call to a local and have invariants, the calls name
// their ghost arguments (`with`), and `inv(1)` is folded and unfolded where
// the thesis's proof outline treats it as `Perm(data, 1)`; consume, "very
// similar to produce()", and write are written out.
import java.util.concurrent.atomic.*;

public class ProducerConsumer {
  final int E = 0, F = 1;
  int data;
  final AtomicInteger sync;

  /*@
    group inv(frac p) = Perm(data, p);
    pred trans(role r, int c, int n) =
      (r == P && c == E && n == F) || (r == C && c == F && n == E);
    frac share(role r, int s) {
      return (r == P && s == E) ? 1 : ((r == C && s == F) ? 1 : 0);
    }
  @*/

  /*@
    ensures Perm(data, 1) ** sync.handle(P, E, 1) ** sync.handle(C, E, 1);
  @*/
  ProducerConsumer() {
    sync = new AtomicInteger(E);
  }

  /*@
    requires sync.handle(P, E, 1) ** Perm(data, 1);
    ensures sync.handle(P, E, 1) ** Perm(data, 1);
  @*/
  void produce() {
    write(); // updates the shared buffer
    //@ fold inv(1);
    sync.set(F) /*@ with { r = P; d = E; p = 1; } @*/;
    int v = sync.get() /*@ with { r = P; d = F; p = 1; } @*/;
    //@ loop_invariant sync.handle(P, v, 1) ** inv(share(P, v)) ** sync.values(v);
    while (v == F) {
      v = sync.get() /*@ with { r = P; d = v; p = 1; } @*/;
    }
    //@ unfold inv(1);
  }

  /*@ requires Perm(data, 1); ensures Perm(data, 1); @*/
  void write() {
    data = data + 1;
  }

  /*@
    requires sync.handle(C, E, 1);
    ensures sync.handle(C, E, 1);
  @*/
  void consume() {
    int v = sync.get() /*@ with { r = C; d = E; p = 1; } @*/;
    //@ loop_invariant sync.handle(C, v, 1) ** inv(share(C, v)) ** sync.values(v);
    while (v == E) {
      v = sync.get() /*@ with { r = C; d = v; p = 1; } @*/;
    }
    //@ unfold inv(1);
    int x = data; // reads the buffer
    //@ fold inv(1);
    sync.set(E) /*@ with { r = C; d = F; p = 1; } @*/;
  }
}
