// A downcast that may not hold: castFailed at the cast, in code and in
// specifications.
class Square { int side; }
class Circle { int radius; }

class CastFail {
    void param(Object o) {
        Square s = /*[/expect castFailed]*/(Square) o/*[/end]*/;
    }

    void made() {
        Object o = new Circle();
        Square s = /*[/expect castFailed]*/(Square) o/*[/end]*/;
    }

    //@ requires o != null && !(o instanceof Square);
    void tested(Object o) {
        Object t = o;
        Square s = /*[/expect castFailed]*/(Square) t/*[/end]*/;
    }

    //@ requires Perm(/*[/expect castFailed]*/((Square) o)/*[/end]*/.side, 1);
    void unguarded(Object o) {
    }

    //@ requires o instanceof Circle;
    //@ ensures \result == 0;
    int wrongBranch(Object o) {
        //@ assert /*[/expect castFailed]*/(Square) o/*[/end]*/ == null;
        return 0;
    }
}
