// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// Calvin-R §1: increment(), "a procedure [that] increments count by one",
// the shared variable count protected by the mutex m. The paper's claim:
// acquire(m) is a right mover, release(m) a left mover, and the read and
// write of count both movers, so increment happens "in one step".
//
// A fragment (a method alone): completed with the least the claim needs,
// fig. 1's class around it, its fields with fig. 1's access predicates
// (the paper's "count is protected by the mutex m"), and fig. 1's performs
// spec, which states "in one step" (Counter.java is fig. 1 itself).
class Counter {
    int m /*@ accessible_if m == 0 || m == tid */;
    int count /*@ accessible_if m == 0 || m == tid */;

    /*@ performs action (count) { \old(m) == 0 && count == \old(count) + 1 } */
void increment() {
    acquire(m);
    int j = count;
    j++;
    count = j;
    release(m);
}
}
