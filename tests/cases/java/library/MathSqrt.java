// Math.sqrt of a negative number (NaN in Java) is refused; its result is not
// more than the contract gives.
import static java.lang.Math.sqrt;

class MathSqrt {
  void negative(int n) {
    /*[/expect preFailed:false]*/
    sqrt(n);
    /*[/end]*/
  }

  //@ requires n >= 0;
  void bound(int n) {
    int r = sqrt(n);
    /*[/expect assertFailed:false]*/
    //@ assert r * r == n;
    /*[/end]*/
  }
}
