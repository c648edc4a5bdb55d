// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// TMV note §6.3, the time-varying mutex program (after Frangipani): the
// mutex that protects `block` depends on `busy`. The paper's claim: given
// A_i and I, the checker verifies that the assertions never fail.
//
// Typed in from Plato: the variables are static fields, `:=` is `=`, `¬` is
// `!`, acq/rel are acquire/release of the int mutexes, "Initially" is each
// thread's precondition. The annotations as printed (x' the post-state,
// `x`; x the pre-state, `\old(x)`; i is tid):
//   J_i = (m_inode = i ⇒ (m_inode' = i ∧ inode' = inode))
//       ∧ (m_busy = i ⇒ (m_busy' = i ∧ busy' = busy))
//   K_i = (busy ∧ m_inode = i ⇒ block = block')
//       ∧ (¬busy ∧ m_busy = i ⇒ block = block')
//   L_i = (m_inode = i ∧ busy) ⇒ busy'
//   I   = (m_inode = 0 ∧ inode) ⇒ busy
/*@ env_assumption (\old(m_inode) == tid ==> (m_inode == tid && inode == \old(inode)))
                && (\old(m_busy) == tid ==> (m_busy == tid && busy == \old(busy))) */
/*@ env_assumption (\old(busy) && \old(m_inode) == tid ==> \old(block) == block)
                && (!\old(busy) && \old(m_busy) == tid ==> \old(block) == block) */
/*@ env_assumption (\old(m_inode) == tid && \old(busy)) ==> busy */
/*@ global_invariant (m_inode == 0 && inode) ==> busy */
class Tvm {
  static int block;
  static boolean busy;
  static boolean inode;
  static int m_inode;
  static int m_busy;

  /*@ requires inode == busy */
  void thread1() {
    acquire(m_inode);
    if (!inode) {
      acquire(m_busy);
      busy = true;
      release(m_busy);
      inode = true;
    }
    block = 1;
    //@ assert block == 1;
    release(m_inode);
  }

  /*@ requires inode == busy */
  void thread2() {
    acquire(m_busy);
    if (!busy) {
      block = 0;
      //@ assert block == 0;
    }
    release(m_busy);
  }
}
