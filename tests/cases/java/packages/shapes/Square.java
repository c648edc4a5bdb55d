// A class of package `shapes` (the root is tests/cases/java/packages): the
// other files of this folder and of `client/` use it without naming this file.
package shapes;

public class Square {
  static int made;

  /*@ requires n >= 0;
      ensures \result == n * n; @*/
  public static int area(int n) {
    return n * n;
  }

  //@ requires Perm(made, write);
  //@ ensures Perm(made, write) ** made == \old(made) + 1;
  public static void count() {
    made = made + 1;
  }
}
