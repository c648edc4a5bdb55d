// Class casts: an upcast is its operand; a downcast holds where the object's
// class is known (made here, tested by instanceof, or said by a contract),
// in code and in specifications (under the guard that makes it hold).
class Shape {}
class Square { int side; }
class Circle { int radius; }

/*@
resource sized(Object s) = s != null ** (s instanceof Square || s instanceof Circle) **
  (s instanceof Square ==> Perm(((Square) s).side, 1)) **
  (s instanceof Circle ==> Perm(((Circle) s).radius, 1));
@*/

class Casts {
    void made() {
        Object o = new Square();
        Square s = (Square) o;
        Object back = (Object) s;
        //@ assert back == o && (Square) back == s;
        Circle none = (Circle) null;
        Object nothing = null;
        Circle alsoNone = (Circle) nothing;
        //@ assert alsoNone == null;
    }

    //@ requires o instanceof Circle ==> Perm(((Circle) o).radius, 1);
    //@ ensures o instanceof Circle ==> Perm(((Circle) o).radius, 1) ** ((Circle) o).radius == 7;
    void guarded(Object o) {
        if (o instanceof Circle) {
            Circle c = (Circle) o;
            c.radius = 7;
        }
    }

    //@ requires sized(o);
    int size(Object o) {
        //@ unfold sized(o);
        if (o instanceof Square) {
            return ((Square) o).side;
        }
        return ((Circle) o).radius;
    }

    void constructed() {
        Square s = new Square();
        //@ fold sized(s);
        int n = size(s);
    }
}
