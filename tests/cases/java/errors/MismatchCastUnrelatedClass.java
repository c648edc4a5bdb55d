// expect-error: typeError:mismatch
// A cast between classes neither of which is the other's subtype (javac refuses it too).
class Square {}
class Circle {}

class Shapes {
  void m(Square s) {
    Circle c = /*[/expect typeError:mismatch]*/(Circle) s/*[/end]*/;
  }
}
