// implementsPre: a method that needs more than its interface method gives.
interface Task {
  //@ requires n >= 0;
  void perform(int n);
}

class Picky implements Task {
  //@ requires n > 0;
  public void /*[/expect implementsPre:false]*/perform/*[/end]*/(int n) {
  }
}
