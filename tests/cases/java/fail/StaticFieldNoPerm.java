// A static field needs permission to be written, as an instance field does.
public class StaticFieldNoPerm {
  static int count;

  void m() {
    /*[/expect assignFieldFailed]*/
    count = count + 1;
    /*[/end]*/
  }
}
