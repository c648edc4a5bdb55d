// The thesis's multi-join pipeline (ch. 3, Listings 10-14), typos fixed and
// bodies completed: a Sampler writes the input, two filters each join the
// sampler with half its join token (so each reads the input with half
// permission) and write their own output, and a Plotter joins both filters,
// merges the halves back into the whole buffer and gives it to main.
// Points are ints here; the Thread subclasses' links are final fields, and
// each preFork records which buffer the joined thread works on.

class Buffer {
  /*@ group resource state(frac p) = Perm(inp, p) ** Perm(outa, p) ** Perm(outb, p); @*/
  int inp;
  int outa, outb;
}

class Sampler extends Thread {
  final Buffer buffer;

  /*@
    resource preFork() = Perm(buffer.inp, 1);
    group resource postJoin(frac p) = Perm(buffer.inp, p);
  @*/

  //@ ensures start() ** buffer == buf;
  Sampler(Buffer buf) {
    super();
    buffer = buf;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    sample();
    //@ fold postJoin(1);
  }

  //@ context Perm(buffer.inp, 1);
  private void sample() {
    buffer.inp = 42;
  }
}

class AFilter extends Thread {
  final Sampler sampler;
  final Buffer buffer;

  /*@
    resource preFork() = Perm(buffer.outa, 1) ** sampler.join(1/2) **
      sampler.buffer == buffer;
    group resource postJoin(frac p) = Perm(buffer.outa, p) ** Perm(buffer.inp, p/2);
  @*/

  //@ ensures start() ** buffer == buf ** sampler == s;
  AFilter(Buffer buf, Sampler s) {
    buffer = buf;
    sampler = s;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    try {
      sampler.join() /*@ with { p = 1/2; } @*/;
    } catch (InterruptedException e) {
    }
    //@ unfold sampler.postJoin(1/2);
    processA();
    //@ fold postJoin(1);
  }

  //@ context Perm(buffer.outa, 1) ** Perm(buffer.inp, 1/2);
  private void processA() {
    buffer.outa = buffer.inp + 1;
  }
}

class BFilter extends Thread {
  final Sampler sampler;
  final Buffer buffer;

  /*@
    resource preFork() = Perm(buffer.outb, 1) ** sampler.join(1/2) **
      sampler.buffer == buffer;
    group resource postJoin(frac p) = Perm(buffer.outb, p) ** Perm(buffer.inp, p/2);
  @*/

  //@ ensures start() ** buffer == buf ** sampler == s;
  BFilter(Buffer buf, Sampler s) {
    buffer = buf;
    sampler = s;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    try {
      sampler.join() /*@ with { p = 1/2; } @*/;
    } catch (InterruptedException e) {
    }
    //@ unfold sampler.postJoin(1/2);
    processB();
    //@ fold postJoin(1);
  }

  //@ context Perm(buffer.outb, 1) ** Perm(buffer.inp, 1/2);
  private void processB() {
    buffer.outb = buffer.inp * 2;
  }
}

class Plotter extends Thread {
  final Buffer buffer;
  final AFilter ta;
  final BFilter tb;

  /*@
    resource preFork() = ta.join(1) ** tb.join(1) **
      ta.buffer == buffer ** tb.buffer == buffer;
    group resource postJoin(frac p) = buffer.state(p);
  @*/

  //@ ensures start() ** buffer == buf ** ta == fa ** tb == fb;
  Plotter(Buffer buf, AFilter fa, BFilter fb) {
    buffer = buf;
    ta = fa;
    tb = fb;
  }

  /*@ requires preFork(); ensures postJoin(1); @*/
  public void run() {
    //@ unfold preFork();
    try {
      ta.join() /*@ with { p = 1; } @*/;
      tb.join() /*@ with { p = 1; } @*/;
    } catch (InterruptedException e) {
    }
    //@ unfold ta.postJoin(1);
    //@ unfold tb.postJoin(1);
    //@ fold buffer.state(1);
    plot();
    //@ fold postJoin(1);
  }

  //@ context buffer.state(1);
  private void plot() {
    //@ unfold buffer.state(1);
    int shown = buffer.outa + buffer.outb;
    //@ fold buffer.state(1);
  }
}

public class Pipeline {
  /*@ requires buf.state(1); ensures buf.state(1); @*/
  static void main(Buffer buf) throws InterruptedException {
    Sampler s = new Sampler(buf);
    //@ unfold buf.state(1);
    //@ fold s.preFork();
    s.start();
    AFilter a = new AFilter(buf, s);
    //@ fold a.preFork();
    BFilter b = new BFilter(buf, s);
    //@ fold b.preFork();
    a.start();
    b.start();
    Plotter p = new Plotter(buf, a, b);
    //@ fold p.preFork();
    p.start();
    p.join() /*@ with { p = 1; } @*/;
    //@ unfold p.postJoin(1);
  }
}
