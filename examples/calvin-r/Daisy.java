// unsupported-on: silicon a Calvin-R (access predicates and reduction) program has no permission-based meaning
// A small file system in the style of Daisy, the paper's case study (its
// 1200 lines are not published; this is weft's own, in its spirit): a
// block allocator with a mutex per block (the paper's fig. 3), and inodes
// with a mutex each guarding the inode's block and length (an inode is an
// object: `accessible_if mu == 0 || mu == tid` on its fields; as arrays
// il[j], blk[j], len[j] beside l and bits the prover took minutes). The
// operations call the
// allocator (methods with specs: one action each at the call) and the
// helpers lockInode/unlockInode (no spec: inlined), and have functional
// specs: create and truncate are atomic; recreate is truncate's action
// followed (`;`) by create's; appendMany is any number (`*`) of appends.
// truncate frees its block after letting the inode go: the call of free
// is a left mover (free's action only assigns, and the thread holds the
// block's mutex). tests/cases/calvin-r/DaisyBugs.java: broken variants.
class Inode {
  int mu /*@ accessible_if mu == 0 || mu == tid */;
  int blk /*@ accessible_if mu == 0 || mu == tid */;
  int len /*@ accessible_if mu == 0 || mu == tid */;
}

class Daisy {
  int[] l /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;
  boolean[] bits /*@ accessible_if[j] l[j] == 0 || l[j] == tid */;

  /*@ requires l != null && bits != null && l.length == bits.length;
      performs action "NoBlocks": () { \result == -1 }
        [] action "Allocated": (bits[\result], l[\result]) {
             0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && l[\result] == tid &&
             !\old(bits[\result]) && bits[\result]
           } */
  int alloc() {
    //@ loop_invariant 0 <= i && l != null && bits != null && l.length == bits.length;
    for (int i = 0; i < l.length; i++) {
      acquire(l[i]);
      if (!bits[i]) {
        bits[i] = true;
        /*@ witness "Allocated"; */
        return i;
      }
      release(l[i]);
    }
    /*@ witness "NoBlocks"; */
    return -1;
  }

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

  // Gives inode n a fresh block (its length 0), or returns -1.
  /*@ requires l != null && bits != null && l.length == bits.length;
      requires n != null;
      performs action "Full": () { \result == -1 && \old(n.mu) == 0 }
        [] action "Created": (n.blk, n.len, bits[\result]) {
             \old(n.mu) == 0 && 0 <= \result && \result < l.length &&
             \old(l[\result]) == 0 && !\old(bits[\result]) && bits[\result] &&
             n.blk == \result && n.len == 0
           } */
  int create(Inode n) {
    lockInode(n);
    int b = alloc();
    if (b >= 0) {
      n.blk = b;
      n.len = 0;
      release(l[b]);
    }
    unlockInode(n);
    return b;
  }

  // Empties inode n and frees its block; returns the block (-1: none).
  /*@ requires l != null && bits != null && l.length == bits.length;
      requires n != null;
      performs action "Truncated": (n.blk, n.len, bits[\result]) {
        \old(n.mu) == 0 && \result == \old(n.blk) && n.blk == -1 &&
        n.len == 0 &&
        (0 <= \result && \result < l.length ==> !bits[\result])
      } */
  int truncate(Inode n) {
    lockInode(n);
    int b = n.blk;
    n.blk = -1;
    n.len = 0;
    if (0 <= b && b < l.length) {
      acquire(l[b]);
      unlockInode(n);
      free(b);
    } else {
      unlockInode(n);
    }
    return b;
  }

  // One atomic append to inode n.
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

  // Truncate, then create: two atomic actions, another thread may run
  // between them.
  /*@ requires l != null && bits != null && l.length == bits.length;
      requires n != null;
      performs action "Dropped": (n.blk, n.len, bits[\old(n.blk)]) {
          \old(n.mu) == 0 && n.blk == -1 && n.len == 0
        }
        ; (action "Full": () { \result == -1 && \old(n.mu) == 0 }
           [] action "Created": (n.blk, n.len, bits[\result]) {
                \old(n.mu) == 0 && 0 <= \result && \result < l.length &&
                !\old(bits[\result]) && bits[\result] &&
                n.blk == \result && n.len == 0
              }) */
  int recreate(Inode n) {
    truncate(n);
    /*@ witness "Dropped"; */
    int b = create(n);
    if (b < 0) {
      /*@ witness "Full"; */
    } else {
      /*@ witness "Created"; */
    }
    return b;
  }

  // k appends, each atomic on its own.
  /*@ requires n != null;
      performs action "Append": (n.len) {
        \old(n.mu) == 0 && n.len == \old(n.len) + 1
      } * */
  void appendMany(Inode n, int k) {
    int i = 0;
    //@ loop_invariant 0 <= i && n != null;
    while (i < k) {
      append(n);
      /*@ witness "Append"; */
      i = i + 1;
    }
  }
}
