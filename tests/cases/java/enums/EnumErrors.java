// expect-error: typeError:mismatch
// An enum value is no int.
enum E { A }

class UseE {
    void m() {
        int x = E.A;
    }
}
