// Annotations carry no meaning for verification: they are read and dropped;
// an annotation type is an interface of abstract methods.
@interface Note {
    int level() default 1;
    String[] tags() default {};
    ;
}

@Note(level = 2, tags = {"a", "b"})
class Annotated {
    @Deprecated
    int f;

    @Note
    //@ requires x > 0;
    //@ ensures \result > 0;
    int m(@Note(3) int x) {
        @SuppressWarnings("unused") final int y = x;
        return y;
    }

    //@ requires n != null;
    int read(Note n) {
        return n.level();
    }
}
