// `refute e;` holds where `e` cannot be proved: `false` on a reachable path,
// or a state the contract leaves open.
public class Refute {
  int x;

  void reachable() {
    //@ refute false;
  }

  //@ requires Perm(x, 1\2);
  void open() {
    //@ refute x == 3;
    //@ refute x != 3;
  }
}
