// The cast is made only where o is known to be a Circle.
class Circle { int radius; }

class Shapes {
  //@ requires o != null;
  void grow(Object o) {
    if (o instanceof Circle) {
      Circle c = (Circle) o;
    }
  }
}
