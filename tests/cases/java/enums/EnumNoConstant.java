// expect-error: resolutionError:undeclared
enum E { A }

class UseE {
    void m() {
        E x = E.B;
    }
}
