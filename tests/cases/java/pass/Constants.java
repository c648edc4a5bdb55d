// `static final` fields with a value are constants: usable by name in code
// and specifications, in their class and (qualified) in others.
public class Constants {
  public static final int N = 20, M = 50;
  static final int TOTAL = N * M + 1;
  static final boolean CHECKED = true;

  /*@ requires n == N;
      ensures \result == M + n; @*/
  public static int sum(int n) {
    int[] a = new int[N];
    //@ assert a.length == 20 && CHECKED;
    return Constants.M + N;
  }

  //@ ensures \result == 1001;
  public int total() {
    return TOTAL;
  }
}

class Client {
  //@ ensures \result == Constants.N + 50;
  public static int use() {
    int s = Constants.sum(Constants.N);
    return s;
  }
}
