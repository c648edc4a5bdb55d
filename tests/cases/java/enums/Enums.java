// Enums: constants, ==/!=, null, enum-typed fields, parameters, locals,
// arrays and results, and a switch over every constant (exhaustive).
enum Colour { RED, GREEN, BLUE }

class Paint {
    Colour c;

    //@ requires Perm(c, 1);
    //@ ensures Perm(c, 1) ** c == Colour.GREEN;
    void set() {
        c = Colour.GREEN;
    }

    //@ ensures \result != null;
    //@ ensures x == Colour.RED ==> \result == Colour.GREEN;
    Colour next(Colour x) {
        if (x == Colour.RED) return Colour.GREEN;
        if (x == Colour.GREEN) return Colour.BLUE;
        return Colour.RED;
    }

    //@ requires x != null;
    //@ ensures \result >= 1 && \result <= 3;
    int code(Colour x) {
        int r = 0;
        switch (x) {
            case RED: r = 1; break;
            case GREEN: r = 2; break;
            case BLUE: r = 3; break;
        }
        return r;
    }

    //@ requires x != null;
    //@ ensures \result == (x == Colour.BLUE);
    boolean blue(Colour x) {
        switch (x) {
            case RED, GREEN -> { return false; }
            default -> { return true; }
        }
    }

    void values(Colour x) {
        //@ assert x == null || x == Colour.RED || x == Colour.GREEN || x == Colour.BLUE;
        //@ assert Colour.RED != Colour.BLUE && Colour.RED != null;
        Colour y = null;
        //@ assert y != Colour.RED;
        Colour[] cs = new Colour[2];
        cs[0] = Colour.BLUE;
        //@ assert cs[0] == Colour.BLUE && cs[1] == null;
    }
}
