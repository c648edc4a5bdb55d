// Picky.perform needs n > 0, but callers through Task only promise n >= 0.
interface Task {
  //@ requires n >= 0;
  void perform(int n);
}

class Picky implements Task {
  //@ requires n > 0;
  public void /*[/expect implementsPre:false]*/perform/*[/end]*/(int n) {
  }
}
