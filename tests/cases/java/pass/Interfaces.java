// Interfaces: a class is assignable to its interfaces; a call through an
// interface uses the interface's contract; an interface predicate is shared.
interface Counter {
  //@ resource state(int v);

  /*@ requires state(0);
      ensures state(1); @*/
  void inc();
}

interface Named extends Counter {
  //@ ensures \result > 0;
  int id();
}

class Cell implements Named {
  int x;

  //@ ensures state(0);
  Cell() {
    x = 0;
    //@ inhale state(0);
  }

  /*@ requires state(0);
      ensures state(1); @*/
  public void inc() {
    //@ exhale state(0);
    //@ inhale state(1);
  }

  //@ ensures \result > 0;
  public int id() {
    return 1;
  }
}

class Main {
  //@ requires c != null;
  static void use(Counter c) {
  }

  static void main() {
    Cell c = new Cell();
    Named n = c;
    Counter k = n;
    use(c);
    //@ assert k == c;
    k.inc();
    int i = n.id();
    //@ assert i > 0;
    //@ assert c.state(1);
    //@ assert n.state(1);
  }
}
