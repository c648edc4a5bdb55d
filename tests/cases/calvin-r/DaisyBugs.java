// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// The file system of examples/calvin-r/Daisy.java, broken: a wrong lock, a
// missing release, specs the code does not match.
class Inode {
  int mu /*@ accessible_if mu == 0 || mu == tid */;
  int blk /*@ accessible_if mu == 0 || mu == tid */;
  int len /*@ accessible_if mu == 0 || mu == tid */;
}

class Daisy {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;

  /*@ requires l != null && bits != null && l.length == bits.length;
      requires 0 <= i && i < l.length && l[i] == tid;
      performs action "Free": (bits[i], l[i]) { l[i] == 0 && !bits[i] } */
  void free(int i) {
    bits[i] = false;
    release(l[i]);
    /*@ witness "Free"; */
  }

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

  // Wrong lock: appends to n holding o's mutex.
  /*@ requires n != null && o != null; */
  void appendWrong(Inode n, Inode o) {
    lockInode(o);
    /*[/expect accessPredicate]*/
    int x = n.len;
    /*[/end]*/
    n.len = x + 1;
    unlockInode(o);
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

  // Frees the inode's block without taking the block's mutex: free's
  // precondition fails at the call.
  /*@ requires n != null;
      requires l != null && bits != null && l.length == bits.length; */
  void truncateNoLock(Inode n) {
    lockInode(n);
    int b = n.blk;
    n.blk = -1;
    if (0 <= b && b < l.length) {
      /*[/expect preFailed:false]*/
      free(b);
      /*[/end]*/
    }
    unlockInode(n);
  }
}
