// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// TMV note §6.2, the reader-writer lock example: x is guarded by the lock
// (w the writer's id, 0 if none; r the set of the readers' ids). Thread_2
// asserts that x is stable while it holds the lock in read mode, though
// Thread_1 writes x in write mode. The paper's claim: with the environment
// assumption A_i and the data invariant RWI the checker verifies the program.
//
// Typed in from Plato: the variables are static fields (`int_set r` a ghost
// set of ints: weft's sets are specification values), `:=` is `=`,
// "Initially" is each thread's precondition, i is tid. The paper's four
// lock operations are atomic actions <P>_V ↓ Q on w and r, each a method
// here whose body is one atomic step (`atomic:`): `assume` its guard, its
// update, `assert` what follows ↓; the paper passes (w, r), which these
// name directly (Java has no macro parameters).
//   RWI   = (r = ∅ ∨ w = 0)                               global_invariant
//   RWA_i = (w = i ⇔ w' = i) ∧ (i ∈ r ⇔ i ∈ r')           env_assumption
//   A_i   = RWA_i ∧ (i ∈ r ⇒ x = x') ∧ (i = 2 ⇒ y = y')   env_assumption
// Typo fixed: the paper prints A_i = RWI ∧ …; its prose ("(1) each thread
// i can assume the reader-writer assumption RWA_i") means RWA_i ∧ ….
/*@ global_invariant r == set<int>{} || w == 0 */
/*@ env_assumption ((\old(w) == tid) == (w == tid)) && ((tid \in \old(r)) == (tid \in r)) */
/*@ env_assumption ((tid \in \old(r)) ==> x == \old(x)) && (tid == 2 ==> y == \old(y)) */
class ReaderWriter {
  static int w, x, y;
  //@ ghost static set<int> r;

  void acq_write() {
    atomic: {
      //@ assume w == 0 && r == set<int>{};
      w = tid;
    }
  }

  void acq_read() {
    atomic: {
      //@ assume w == 0;
      //@ set r = r + set<int>{tid};
    }
  }

  void rel_write() {
    atomic: {
      //@ assert w == tid;
      w = 0;
    }
  }

  void rel_read() {
    atomic: {
      //@ assert tid \in r;
      //@ set r = r - set<int>{tid};
    }
  }

  /*@ requires tid == 1 && w == 0 && r == set<int>{} */
  void thread1() {
    acq_write();
    x = 3;
    rel_write();
  }

  /*@ requires tid == 2 && w == 0 && r == set<int>{} */
  void thread2() {
    acq_read();
    y = x;
    //@ assert y == x;
    rel_read();
  }
}
