// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R (Freund, Qadeer: "Checking Concise Specifications for
// Multithreaded Software"), fig. 1: Counter. The paper's claim: increment
// satisfies the access predicates and is abstracted by its performs spec
// (acquire(m) and the accesses of count are right movers, release(m) a left
// mover: the body reduces to one atomic action, which the spec simulates;
// figs. 2, 5 and 7 show the checks). The introduction's increment() (§1) is
// this method, written one statement a line: Intro.java.
class Counter {
    int m /*@ accessible_if m == 0 || m == tid */;
    int count /*@ accessible_if m == 0 || m == tid */;

    /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
    void increment() {
        acquire(m); int j = count; j++; count = j; release(m);
    }
}
