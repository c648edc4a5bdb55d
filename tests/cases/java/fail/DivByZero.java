// divByZero: an average of no elements.
public class DivByZero {
  //@ requires n >= 0;
  public static int average(int total, int n) {
    /*[/expect divByZero]*/
    int avg = total / n;
    /*[/end]*/
    return avg;
  }
}
