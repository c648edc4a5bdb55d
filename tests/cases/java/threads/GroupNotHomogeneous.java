// expect-error: notSupported
// A group predicate must scale with its fraction: Perm(x, 1) does not.
public class GroupNotHomogeneous {
  int x, y;

  /*@ group resource both(frac p) = /*[/expect notSupported]*/Perm(y, p) ** Perm(x, 1)/*[/end]*/; @*/
}
