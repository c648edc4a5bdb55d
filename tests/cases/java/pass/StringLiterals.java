// String literals are opaque, non-null values of the spec library's String;
// the same text is the same object (Java interns literals).
public class StringLiterals {
  String name;

  //@ ensures Perm(name, 1) ** name != null;
  public StringLiterals() {
    name = "weft";
  }

  //@ ensures \result != null;
  public static String greeting() {
    String s = "hello, \"world\"\n";
    String t = "hello, \"world\"\n";
    //@ assert s == t;
    //@ assert "" != null;
    return s;
  }

  public static void main(String[] args) {
    String g = greeting();
    //@ assert g != null;
  }
}
