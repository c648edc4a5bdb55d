// The thesis's Listings 26 and 27, corrected and completed: a plotter
// (party 0) shows one layer of a two-layer matrix while N collectors (parties
// 1..N) each fill one row of the other layer; at the barrier they swap
// layers. res(c, i) is what party i owns in cycle c. The library's lemma,
// proved for this instantiation and every cycle c, checks that what the
// parties hand in at the barrier gives what they take out. The matrix is one
// array here: cell (h, r, k) of layer h, row r, column k is at
// h*N*M + r*M + k, with N = 2 rows (collectors) and M = 3 columns.
import java.util.concurrent.*;

class Matrix {
  final int[] cells;

  /*@
    resource row(int h, int r) =
      cells != null ** cells.length == 12 ** 0 <= h && h < 2 ** 0 <= r && r < 2
      ** (\forall* int x; h * 6 + r * 3 <= x && x < h * 6 + r * 3 + 3; Perm(cells[x], 1));

    // Even cycles: the plotter shows layer 0, collectors fill layer 1; odd
    // cycles the other way round. (The layer is a literal in each branch, so
    // the solver matches rows by their arguments and decides parity once.)
    resource res(int c, int i) =
      0 <= c ** (c % 2 == 0
        ? (i == 0 ? (\forall* int r; 0 <= r && r < 2; row(0, r)) : row(1, i - 1))
        : (i == 0 ? (\forall* int r; 0 <= r && r < 2; row(1, r)) : row(0, i - 1)));
  @*/

  /*@ ensures this.cells != null ** this.cells.length == 12
        ** (\forall* int x; 0 <= x && x < 12; Perm(this.cells[x], 1)); @*/
  Matrix() {
    cells = new int[12];
  }

  /*@ requires cells != null ** cells.length == 12
        ** (\forall* int x; 0 <= x && x < 12; Perm(cells[x], 1)); @*/
  void go() {
    //@ fold row(0, 0);
    //@ fold row(0, 1);
    //@ fold row(1, 0);
    //@ fold row(1, 1);
    //@ fold res(0, 0);
    //@ fold res(0, 1);
    //@ fold res(0, 2);
    CyclicBarrier/*@<res, 3>@*/ b = new CyclicBarrier/*@<res, 3>@*/(3);
    /*@ loop_invariant 0 <= i && i <= 3 ** b.res$owner == this;
        loop_invariant (\forall* int k; i <= k && k < 3; b.handle(0, k) ** b.res(0, k)); @*/
    for (int i = 0; i < 3; i++) {
      new Thread(new Process/*@<res>@*/(this, i, b)).start();
    }
  }
}

/*@ given (int, int -> resource) res; @*/
class Process implements Runnable {
  final Matrix matrix;
  final int id;
  final CyclicBarrier/*@<res, 3>@*/ barrier;

  /*@ ensures this.matrix == matrix ** this.id == id ** this.barrier == barrier; @*/
  Process(Matrix matrix, int id, CyclicBarrier/*@<res, 3>@*/ barrier) {
    this.matrix = matrix;
    this.id = id;
    this.barrier = barrier;
  }

  /*@ requires barrier != null ** barrier.res$owner == matrix;
      requires barrier.handle(0, id) ** barrier.res(0, id); @*/
  public void run() {
    int cyc = 0;
    /*@ loop_invariant 0 <= cyc ** barrier != null ** barrier.res$owner == matrix;
        loop_invariant barrier.handle(cyc, id) ** barrier.res(cyc, id); @*/
    while (cyc < 100) {
      if (id > 0) {
        int h = cyc % 2 == 0 ? 1 : 0;
        //@ unfold barrier.res(cyc, id);
        //@ unfold matrix.row(h, id - 1);
        matrix.cells[h * 6 + (id - 1) * 3] = cyc;
        //@ fold matrix.row(h, id - 1);
        //@ fold barrier.res(cyc, id);
      }
      try {
        barrier.await() /*@ with { i = id; c = cyc; } @*/;
      } catch (InterruptedException e) {
        //@ assume false;
      }
      cyc++;
    }
  }
}
