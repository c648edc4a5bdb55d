// `new Thread(runnable)` (issue 5), after the thesis's Listing 25: each
// Worker implements Runnable and owns one element of a shared array; run's
// precondition is what `start()` needs, its postcondition what `join()`
// gives back. The first loop starts threads that are never joined (their
// permissions are gone for good); `pair` joins its two workers and reads
// their results.
class Worker implements Runnable {
  private final int[] data;
  private final int id;

  //@ ensures this.data == data ** this.id == id;
  Worker(int[] data, int id) {
    this.data = data;
    this.id = id;
  }

  /*@ requires data != null ** 0 <= id ** id < data.length ** Perm(data[id], 1);
      ensures data != null ** 0 <= id ** id < data.length ** Perm(data[id], 1) ** data[id] == id; @*/
  public void run() {
    data[id] = id;
  }
}

class Example {
  /*@ requires data != null ** (\forall* int k; 0 <= k && k < data.length; Perm(data[k], 1)); @*/
  void splitWork(int[] data) {
    /*@ loop_invariant 0 <= i && i <= data.length;
        loop_invariant (\forall* int k; i <= k && k < data.length; Perm(data[k], 1)); @*/
    for (int i = 0; i < data.length; i++) {
      new Thread(new Worker(data, i)).start();
    }
  }

  /*@ requires data != null ** data.length == 2 ** Perm(data[0], 1) ** Perm(data[1], 1);
      ensures Perm(data[0], 1) ** Perm(data[1], 1) ** data[0] == 0 ** data[1] == 1; @*/
  void pair(int[] data) throws InterruptedException {
    Worker w = new Worker(data, 1);
    Thread a = new Thread(new Worker(data, 0));
    Thread b = new Thread(w);
    a.start();
    b.start();
    a.join() /*@ with { p = 1; } @*/;
    b.join() /*@ with { p = 1; } @*/;
  }
}
