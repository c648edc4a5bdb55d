// java.lang.Math on integers (backends/spec/java/lang/Math.java): sqrt is the
// integer square root, max and min exact; a pure call as a statement is
// evaluated (its precondition checked) and its value dropped.
import static java.lang.Math.*;

class MathIntegers {
  //@ requires n >= 0;
  void m(int n) {
    int r = Math.sqrt(n);
    //@ assert r * r <= n && n < (r + 1) * (r + 1);
    //@ assert sqrt(16) == 4 && sqrt(17) == 4 && sqrt(15) == 3;
    //@ assert max(2, n) >= n && min(2, -n) <= -n;
    sqrt(3);
    Math.max(1, 2);
  }
}
