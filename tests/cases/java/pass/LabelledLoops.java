// Labelled loops: `break outer;` leaves, `continue outer;` restarts the
// labelled loop, from inside a nested loop; for `for`, `while` and `do/while`.
public class LabelledLoops {
  /*@ requires n >= 0;
      ensures \result == n; @*/
  public static int forLoops(int n) {
    int count = 0;
    outer:
    //@ loop_invariant 0 <= i && i <= n && count == i;
    for (int i = 0; i < n; i++) {
      //@ loop_invariant 0 <= i && i < n && j == 0 && count == i;
      for (int j = 0; j < n; j++) {
        if (j == 0) {
          count++;
          continue outer;
        }
      }
    }
    return count;
  }

  /*@ requires n > 0;
      ensures \result == 0; @*/
  public static int whileLoops(int n) {
    int i = 0;
    search:
    //@ loop_invariant i == 0;
    while (true) {
      int j = 0;
      //@ loop_invariant i == 0 && 0 <= j;
      while (j < n) {
        if (j == i) {
          break search;
        }
        j++;
      }
    }
    return i;
  }

  /*@ requires n > 0;
      ensures \result == 1; @*/
  public static int doLoop(int n) {
    int k = 0;
    again:
    //@ loop_invariant k == 1;
    do {
      k = 1;
      //@ loop_invariant k == 1;
      while (true) {
        break again;
      }
    } while (k < n);
    return k;
  }

  //@ ensures \result == 2;
  public static int doContinue() {
    int k = 0;
    top:
    //@ loop_invariant 0 < k && k <= 2;
    do {
      k++;
      if (k < 2) {
        continue top;
      }
    } while (k < 2);
    return k;
  }

  //@ ensures \result == 3;
  public static int block() {
    int x = 3;
    done: {
      if (x == 3) {
        break done;
      }
      x = 4;
    }
    return x;
  }
}
