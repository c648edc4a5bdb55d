// Enum values are distinct, and a parameter may be null or any constant.
enum Dir { UP, DOWN }

class Move {
    void distinct() {
        /*[/expect assertFailed:false]*/
        //@ assert Dir.UP == Dir.DOWN;
        /*[/end]*/
    }

    void param(Dir d) {
        /*[/expect assertFailed:false]*/
        //@ assert d == Dir.UP || d == Dir.DOWN;
        /*[/end]*/
    }

    //@ requires d != null;
    //@ ensures \result == 1;
    int missing(Dir d) {
        int r = 0;
        switch (d) {
            case UP: r = 1; break;
        }
        /*[/expect assertFailed:false]*/
        //@ assert r == 1;
        /*[/end]*/
        return 1;
    }
}
