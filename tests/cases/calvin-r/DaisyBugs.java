// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// The inodes of examples/calvin-r/Daisy.java, broken: a wrong lock, a
// missing release, a `;` spec the code does not match. (The block
// allocator's broken variants are AllocatorBugs.java; a call without its
// precondition is in CallBugs.java and InlineBugs.java.)
class Inode {
  int mu /*@ accessible_if mu == 0 || mu == tid */;
  int blk /*@ accessible_if mu == 0 || mu == tid */;
  int len /*@ accessible_if mu == 0 || mu == tid */;
}

class Daisy {
  /*@ requires n != null; */
  void lockInode(Inode n) {
    acquire(n.mu);
  }

  /*@ requires n != null && n.mu == tid; */
  void unlockInode(Inode n) {
    release(n.mu);
  }

  /*@ requires n != null;
      performs action "Append": (n.len) {
        \old(n.mu) == 0 && n.len == \old(n.len) + 1
      } */
  void append(Inode n) {
    lockInode(n);
    int x = n.len;
    n.len = x + 1;
    unlockInode(n);
  }

  /*@ requires n != null;
      performs action "Zero": (n.len) { \old(n.mu) == 0 && n.len == 0 } */
  void reset(Inode n) {
    lockInode(n);
    n.len = 0;
    unlockInode(n);
  }

  // Wrong lock: reads n's length holding o's mutex.
  /*@ requires n != null && o != null; */
  int readWrong(Inode n, Inode o) {
    lockInode(o);
    /*[/expect accessPredicate]*/
    int x = n.len;
    /*[/end]*/
    unlockInode(o);
    return x;
  }

  // Missing release: the inode stays locked, which the action's frame
  // (only n.len) does not allow.
  /*@ requires n != null;
      performs action "Append": (n.len) {
        \old(n.mu) == 0 && n.len == \old(n.len) + 1
      } */
  void appendKeep(Inode n) {
    lockInode(n);
    int x = n.len;
    n.len = x + 1;
  /*[/expect actionMismatch]*/}/*[/end]*/

  // The spec says reset, then append; the code appends first: the first
  // sequence ends at the call of reset, and the spec begins with Zero.
  /*@ requires n != null;
      performs action "Zero": (n.len) { \old(n.mu) == 0 && n.len == 0 }
             ; action "Append": (n.len) {
                 \old(n.mu) == 0 && n.len == \old(n.len) + 1
               } */
  void resetAppend(Inode n) {
    append(n);
    /*@ witness "Append"; */
    /*[/expect actionMismatch]*/
    reset(n);
    /*[/end]*/
    /*@ witness "Zero"; */
  }
}
