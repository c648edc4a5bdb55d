// The thesis's shared buffer (Listing 10) with its `state(frac p)` predicate,
// and the sampler/filter/plotter steps of Listings 11-14 run sequentially:
// each step asks for exactly the permissions its thread would hold.
// Ghost arguments are passed with `/*@ with { p = 1/2; } @*/`.
package examples;

public class Point {
  public int x, y;

  //@ ensures Perm(x, 1) ** Perm(y, 1);
  public Point() {}
}

public class Buffer {
  /*@ resource state(frac p) =
        Perm(inp, p) ** Perm(outa, p) ** Perm(outb, p); @*/
  public int inp;
  public Point outa, outb;

  //@ ensures state(1);
  public Buffer() {
    //@ fold state(1);
  }

  /*@ given frac p;
      requires state(p);
      ensures state(p); @*/
  public int peek() {
    //@ unfold state(p);
    int v = inp;
    //@ fold state(p);
    return v;
  }
}

public class Pipeline {
  /*@ requires Perm(buf.inp, 1);
      ensures Perm(buf.inp, 1) ** buf.inp == v; @*/
  private static void sample(Buffer buf, int v) { buf.inp = v; }

  /*@ requires Perm(buf.outa, 1) ** Perm(buf.inp, 1/2);
      ensures Perm(buf.outa, 1) ** Perm(buf.inp, 1/2) ** buf.inp == \old(buf.inp);
      ensures buf.outa != null ** Perm(buf.outa.x, 1) ** buf.outa.x == buf.inp; @*/
  private static void processA(Buffer buf) {
    Point pt = new Point();
    pt.x = buf.inp;
    buf.outa = pt;
  }

  /*@ requires Perm(buf.outb, 1) ** Perm(buf.inp, 1/2);
      ensures Perm(buf.outb, 1) ** Perm(buf.inp, 1/2) ** buf.inp == \old(buf.inp);
      ensures buf.outb != null ** Perm(buf.outb.y, 1) ** buf.outb.y == 2 * buf.inp; @*/
  private static void processB(Buffer buf) {
    Point pt = new Point();
    pt.y = buf.inp * 2;
    buf.outb = pt;
  }

  /*@ requires buf.state(1);
      ensures buf.state(1); @*/
  public static void main(Buffer buf) {
    //@ unfold buf.state(1);
    sample(buf, 21);
    processA(buf);
    processB(buf);
    //@ assert buf.outa.x == 21 && buf.outb.y == 42;
    //@ fold buf.state(1);
  }

  // Two halves of the state: each reader holds one.
  /*@ requires buf.state(1);
      ensures buf.state(1/2) ** buf.state(1/2); @*/
  public static void split(Buffer buf) {
    //@ unfold buf.state(1);
    //@ fold buf.state(1/2);
    //@ fold buf.state(1/2);
  }

  /*@ requires buf != null ** buf.state(1);
      ensures buf.state(1/2) ** buf.state(1/2); @*/
  public static void read(Buffer buf) {
    split(buf);
    int a = buf.peek() /*@ with { p = 1/2; } @*/;
    int b = buf.peek() /*@ given { p = 1\2 } @*/;
  }
}
