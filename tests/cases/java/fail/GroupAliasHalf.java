// assignFieldFailed: half of the alias is half of the field.
/*@ given group (frac -> resource) rinv; @*/
class Holder {
  /*@ group inv(frac p) = rinv(p); @*/

  /*@ requires rinv(1);
      ensures inv(1/2) ** inv(1/2); @*/
  Holder() {
    //@ fold inv(1);
  }
}

class GroupAliasHalf {
  int x;

  /*@ group resource r(frac p) = Perm(x, p); @*/

  /*@ requires Perm(x, 1); @*/
  void m() {
    //@ fold r(1);
    Holder/*@<r>@*/ h = new Holder/*@<r>@*/();
    //@ unfold h.inv(1/2);
    //@ unfold r(1/2);
    /*[/expect assignFieldFailed]*/x = 1;/*[/end]*/
  }
}
