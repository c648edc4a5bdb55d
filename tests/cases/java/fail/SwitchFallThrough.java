// assertFailed: case 1 falls through into case 2 (no `break`).
public class SwitchFallThrough {
  static void m(int x) {
    int r = 0;
    switch (x) {
      case 1:
        r = 1;
      case 2:
        r = 2;
        break;
    }
    /*[/expect assertFailed:false]*/
    //@ assert x == 1 ==> r == 1;
    /*[/end]*/
  }
}
