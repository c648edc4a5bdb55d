// expect-error: notSupported
// A class with ghost parameters is checked through its instances; one that no
// program instantiates would be checked nowhere, so weft refuses to say
// "verified" of it (set() breaks its own postcondition).
/*@ given boolean exclusive; @*/
class /*[/expect notSupported]*/Cell/*[/end]*/ {
  int x;
  /*@ requires Perm(x, 1);
      ensures Perm(x, 1) ** x == 3; @*/
  void set() { x = 2; }
}
