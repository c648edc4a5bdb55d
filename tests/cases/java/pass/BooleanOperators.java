// `&`, `|`, `^` on booleans: logic that evaluates both operands.
public class BooleanOperators {
  int f;

  //@ ensures \result == (a != b);
  static boolean xor(boolean a, boolean b) {
    return a ^ b;
  }

  //@ ensures \result == (a && b);
  static boolean and(boolean a, boolean b) {
    return a & b;
  }

  //@ ensures \result == (a || b);
  static boolean or(boolean a, boolean b) {
    return a | b;
  }

  void table() {
    //@ assert (true & false) == false && (true ^ false);
    //@ assert !(true ^ true) && (true & true);
    // In specifications `|` stays the sequence length `|xs|`; in code it is `|`.
    boolean t = true | false, u = false | false;
    //@ assert t && !u;
    boolean x = true;
    x &= false;
    //@ assert !x;
    x |= true;
    //@ assert x;
    x ^= true;
    //@ assert !x;
    // `&` binds tighter than `|` and `^`, looser than `==`.
    boolean v = true | false & false;
    //@ assert v && !(true ^ true & true == true);
  }
}
