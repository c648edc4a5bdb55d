// unsupported-on: silicon a Calvin (rely/guarantee) program has no permission-based meaning
// Every thread assumes y never decreases, but dec writes a smaller y.
/*@ env_assumption \old(y) <= y; */
class Grow {
  int y;

  void dec() {
    int t = y;
    /*[/expect guarantee]*/
    y = t - 1;
    /*[/end]*/
  }
}
