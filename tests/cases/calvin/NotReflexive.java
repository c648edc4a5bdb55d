// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// An environment assumption must be reflexive (the environment may take no
// step) and transitive (E* is then E): a strict increase is not reflexive.
/*[/expect guarantee]*/
/*@ env_assumption \old(y) < y; */
/*[/end]*/
class NotReflexive {
  int y;

  void reads() {
    int t = y;
  }
}
