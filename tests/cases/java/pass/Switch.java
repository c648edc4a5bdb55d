// `switch`: the subject is evaluated once, the matching group runs and falls
// through into the next until a `break`; `default` catches the rest (it may
// stand anywhere); the arrow form runs one statement and never falls through.
public class Switch {
  //@ ensures \result == (x == 1 ? 10 : x == 2 ? 20 : x == 3 || x == 4 ? 34 : 0);
  static int plain(int x) {
    int r = 0;
    switch (x) {
      case 1:
        r = 10;
        break;
      case 2:
        r = 20;
        break;
      case 3:
      case 4:
        r = 34;
        break;
    }
    return r;
  }

  //@ ensures \result == (x == 0 ? 111 : x == 1 ? 11 : x == 2 ? 1 : 1000);
  static int fallThrough(int x) {
    int r = 0;
    switch (x) {
      default:
        r = 1000;
        break;
      case 0:
        r += 100;
      case 1:
        r += 10;
      case 2:
        r += 1;
    }
    return r;
  }

  //@ ensures \result == (c == 'a' ? 1 : c == 'b' || c == 'c' ? 2 : 3);
  static int arrows(int c) {
    int r = 0;
    switch (c) {
      case 'a' -> r = 1;
      case 'b', 'c' -> {
        r = 2;
      }
      default -> r = 3;
    }
    return r;
  }

  //@ requires n >= 0;
  //@ ensures \result == n;
  static int nestedInLoop(int n) {
    int i = 0;
    int k = 0;
    //@ loop_invariant 0 <= i && i <= n && k == i;
    while (i < n) {
      switch (i % 2) {
        case 0:
          switch (k) {
            default:
              break;
          }
          i++;
          k++;
          continue;
        default:
          k++;
          break;
      }
      i++;
    }
    return k;
  }

  //@ requires a != null ** a.length == 1 ** Perm(a[0], 1\2) ** a[0] == 5;
  //@ ensures \result == 1;
  static int once(int[] a) {
    int r = 0;
    switch (a[0]) {
    }
    switch (next(a)) {
      case 5:
        r++;
        break;
      case 6:
        r = 7;
    }
    return r;
  }

  //@ requires a != null ** a.length == 1 ** Perm(a[0], 1\4);
  //@ ensures Perm(a[0], 1\4) ** \result == a[0];
  static int next(int[] a) {
    return a[0];
  }
}
