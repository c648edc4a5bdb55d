// Whether o is a Circle is not known here: it may be any object.
class Circle { int radius; }

class Shapes {
  //@ requires o != null;
  void grow(Object o) {
    Circle c = /*[/expect castFailed]*/(Circle) o/*[/end]*/;
  }
}
