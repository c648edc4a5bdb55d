// The thesis's Listings 10-14 (ch. 3): a sampler thread writes the buffer's
// input; two filters each join the sampler with half its join token, read
// the input with half permission and write their own output; a plotter joins
// both filters and merges the halves back into the whole buffer, which main
// gets by joining the plotter. The thesis claims the program verifies.
//
// weft finds four gaps in the annotations themselves (not in weft): a
// filter's preFork does not say that its sampler works on its own buffer
// (`sampler.buffer == buffer`), so the half of `inp` it joins is another
// buffer's as far as the proof knows (processA, processB need Perm(buffer.inp,
// 1/2)); the plotter's preFork does not say its filters work on its buffer
// either (fold buffer.state(1)), and Listing 13's constructor does not say
// which filters it stored (main's fold p.preFork). With those links added the
// program verifies: examples/java/threads/Pipeline.java.
//
// Typed in as printed, with the typos fixed: `ouata` is `outa`, Listing 13's
// `start(**Perm(buffer,1)**…)` is `start()**Perm(buffer,1)**…`, Listing 12's
// `/*! … !*/` proof-outline states are left as the comments they are, and
// Listing 13's `/*@ unfold preFork @*/` gets the `;` every other listing writes.
// Completed where the listings leave parts out, the least possible:
//   * the constructors (`// constructor`), each storing its arguments and
//     ensuring `start()` and its fields' values, as Listing 13's does;
//   * BFilter ("similar and not shown"), AFilter with outb for outa;
//   * `class Point` (Listing 10 names it, the thesis never shows it) as an
//     empty class, and the bodies of sample/processA/plot (empty: comments);
//   * main's `buf`, which Listing 14 uses without declaring: its parameter;
//   * each join's fraction (`with { p = … }`): the thesis passes it "via the
//     given clause" (§3.2) and its listings leave it out;
//   * Buffer's `state` is a group, as Listing 13 needs: its group postJoin(p)
//     is state(p), which splits by fraction only if state does (weft checks
//     a group's body is homogeneous in its fraction, and takes a predicate's
//     word for it);
//   * the filters' and plotter's links (`sampler`, `buffer`, `ta`, `tb`) are
//     final: the predicates read them without permission (as the thesis's
//     preFork does), which only a final field allows.
class Point { }

public class Buffer {
  /*@ group resource state(frac p)=
    Perm(inp,p)**Perm(outa,p)**Perm(outb,p); @*/
  public int inp;
  public Point outa, outb;
}

public class Sampler extends Thread {
  /*@
  resource preFork = Perm(buffer.inp,1);
  group resource postJoin(frac p) = Perm(buffer.inp,p); @*/
  final Buffer buffer;

  //@ ensures start() ** buffer == buf;
  Sampler(Buffer buf) { buffer = buf; }

  /*@
  requires preFork();
  ensures postJoin(1); @*/
  public void run(){
  /*@ unfold preFork; @*/
  /*! { Perm(buffer.inp,1) } !*/
  sample();
  /*! { Perm(buffer.inp,1) } !*/
  /*@ fold postJoin(1) ; @*/
  }

  /*@
  requires Perm(buffer.inp,1);
  ensures Perm(buffer.inp,1); @*/
  private void sample(){ /* fill buffer.inp */ }
}

public class AFilter extends Thread {
  private final Sampler sampler;
  private final Buffer buffer;

  /*@
  resource preFork() = Perm(buffer.outa,1)**sampler.join(1/2);
  group resource postJoin(frac p) =
      Perm(buffer.outa,p)**Perm(buffer.inp,p/2); @*/

  //@ ensures start() ** buffer == buf ** sampler == s;
  AFilter(Buffer buf, Sampler s) { buffer = buf; sampler = s; }

  /*@
  requires preFork();
  ensures postJoin(1); @*/
  public void run(){
    /*@ unfold preFork; @*/
  /*! { Perm(buffer.outa,1)**Join(sampler, 1/2) } !*/
    sampler.join() /*@ with { p = 1/2; } @*/;
  /*! { Perm(buffer.outa,1)**sampler.postJoin(1/2) } !*/
    /*@ unfold sampler.postJoin(1/2); @*/
  /*! { Perm(buffer.outa,1)**Perm(buffer.inp, 1/2) } !*/
    /*[/expect preFailed:perm]*/processA()/*[/end]*/;
  /*! { Perm(buffer.outa,1)**Perm(buffer.inp, 1/2) } !*/
    /*@ fold this.postJoin(1); @*/
  }

  /*@
  requires Perm(buffer.outa,1)**Perm(buffer.inp, 1/2);
  ensures Perm(buffer.outa,1)**Perm(buffer.inp, 1/2); @*/
  private void processA(){ /* read buffer.inp and fill buffer.outa. */ }
}

public class BFilter extends Thread {
  private final Sampler sampler;
  private final Buffer buffer;

  /*@
  resource preFork() = Perm(buffer.outb,1)**sampler.join(1/2);
  group resource postJoin(frac p) =
      Perm(buffer.outb,p)**Perm(buffer.inp,p/2); @*/

  //@ ensures start() ** buffer == buf ** sampler == s;
  BFilter(Buffer buf, Sampler s) { buffer = buf; sampler = s; }

  /*@
  requires preFork();
  ensures postJoin(1); @*/
  public void run(){
    /*@ unfold preFork; @*/
    sampler.join() /*@ with { p = 1/2; } @*/;
    /*@ unfold sampler.postJoin(1/2); @*/
    /*[/expect preFailed:perm]*/processB()/*[/end]*/;
    /*@ fold this.postJoin(1); @*/
  }

  /*@
  requires Perm(buffer.outb,1)**Perm(buffer.inp, 1/2);
  ensures Perm(buffer.outb,1)**Perm(buffer.inp, 1/2); @*/
  private void processB(){ /* read buffer.inp and fill buffer.outb. */ }
}

public class Plotter extends Thread {
  private final Buffer buffer; private final AFilter ta; private final BFilter tb;
  /*@
  resource preFork() = ta.join(1)**tb.join(1);
  group resource postJoin(frac p) = buffer.state(p); @*/

  /*@
  requires true;
  ensures start()**Perm(buffer,1)**Perm(ta,1)**Perm(tb,1); @*/
  public Plotter(Buffer buf, AFilter fa, BFilter fb){
  buffer=buf; ta=fa; tb=fb; }

  /*@
  requires preFork(); ensures postJoin(1); @*/
  public void run(){
    /*@ unfold preFork; @*/
  /*! { ta.join(1)**tb.join(1) } !*/
    ta.join() /*@ with { p = 1; } @*/;
  /*! { ta.postJoin(1)**tb.join(1) } !*/
    tb.join() /*@ with { p = 1; } @*/;
  /*! { ta.postJoin(1)**tb.postJoin(1) } !*/
    /*@
  unfold ta.postJoin(1); unfold tb.postJoin(1);
    /*[/expect foldFailed:false]*/fold buffer.state(1);/*[/end]*/ @*/
  /*! { buffer.state(1) } !*/
    plot();
  /*! { buffer.state(1) } !*/
    /*@ fold this.postJoin(1); @*/
  }

  /*@
  requires buffer.state(1); ensures buffer.state(1); @*/
  private void plot(){ /* plots the processed data from the buffer */ }
}

class Main {
/*@ requires buf.state(1); ensures buf.state(1); @*/
void main(Buffer buf){
  /*! {buf.state(1) } !*/
  Sampler s=new Sampler(buf);
  /*! {s.start()**buf.state(1) } !*/
  /*@ unfold buf.state(1); @*/
  /*!{s.start()**Perm(buf.inp,1)**Perm(buf.outa,1)**Perm(buf.outb,1)}!*/
  /*@ fold s.preFork(); @*/
  /*! {s.start()**s.preFork()**Perm(buf.outa,1)**Perm(buf.outb,1) } !*/
  s.start();
  /*! {s.join(1)**Perm(buf.outa,1)**Perm(buf.outb,1) } !*/
  AFilter a = new AFilter(buf, s);
  /*! {a.start()**s.join(1)**Perm(buf.outa,1)**Perm(buf.outb,1) } !*/
  /*@ fold a.preFork; @*/
  /*! {a.start()**a.preFork()**s.join(1/2)**Perm(buf.outb,1) } !*/
  BFilter b = new BFilter(buf, s);
  /*!{b.start()**a.start()**a.preFork()**s.join(1/2)**Perm(buf.outb,1)}!*/
  /*@ fold b.preFork; @*/
  /*! {b.preFork()**b.start()**a.start()**a.preFork() } !*/
  a.start(); b.start();
  /*! {a.join(1)**b.join(1) } !*/
  Plotter p = new Plotter(buf, a, b);
  /*! {p.start()**a.join(1)**b.join(1) } !*/
  /*@ /*[/expect foldFailed:perm]*/fold p.preFork;/*[/end]*/ @*/
  /*! {p.start()**p.preFork() } !*/
  p.start();
  /*! {p.join(1) } !*/
  p.join() /*@ with { p = 1; } @*/;
  /*! {p.postJoin(1) } !*/
  /*@ unfold p.postJoin(1); @*/
  /*! {buf.state(1) } !*/
}
}
