// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Calvin §3, fig. 5: the SimpleLock program, two modules, Top (x, t1, t2)
// and Mutex (m, acquire, release on a CAS spin lock), run as
// ((assume tid = 1; t1()) ‖ (assume tid = 2; t2())). The paper's claim: with
// the environment assumption E = (m = tid ⇒ m' = m) ∧ (m = tid ⇒ x' = x)
// and the invariant I = (m = 0 ⇒ x ≥ 0), the assertion in t1 never fails.
//
// Typed in as printed, in one Java class: the modules' global variables are
// static fields (their `= 0` initialisers as printed), E and I as the §3
// text states them (x' the post-state `x`, x the pre-state `\old(x)`), the
// `assume tid = i` of the parallel composition each thread's precondition.
// `CAS(m,0,t)` is Calvin's atomic compare-and-swap (§2: if m = 0, swap m and
// t), `var t = tid;` Java 10's local with the value's type.
//
// weft needs more than the paper: acquire's loop invariant (Calvin inlines
// acquire and unrolls its loop, §3.1, which is not sound); it says what the
// paper's §4 states of acquire ("when acquire terminates, m is equal to the
// current thread identifier and x is at least 0").
/*@ env_assumption \old(m) == tid ==> m == \old(m) */
/*@ env_assumption \old(m) == tid ==> x == \old(x) */
/*@ global_invariant m == 0 ==> x >= 0 */
class SimpleLock {
// module Top
static int x = 0;
/*@ requires tid == 1 */
void t1() {
acquire();
x++;
assert x > 0;
release();
}

// module Mutex
static int m = 0;
/*@ requires tid == 2 */
void t2() {
acquire();
x = 0;
release();
}

void acquire() {
var t = tid;
//@ loop_invariant t == tid || (t == 0 && m == tid && x >= 0);
while (t == tid)
CAS(m,0,t);
}

void release()
{
m = 0;
}
}
