// Picky.perform now needs no more than Task.perform's precondition gives.
interface Task {
  //@ requires n >= 0;
  void perform(int n);
}

class Picky implements Task {
  //@ requires n >= 0;
  public void perform(int n) {
  }
}
