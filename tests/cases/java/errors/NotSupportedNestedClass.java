// expect-error: notSupported
// A class declared among another's members (an empty member `;` is fine).
class Outer {
  int x;;
  /*[/expect notSupported]*/class Inner { }/*[/end]*/
}
