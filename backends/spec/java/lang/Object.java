// weft's specification library: java.lang.Object, in weft's annotated Java.
// Loaded when a program names Object. weft has no inheritance yet, so
// Object is a class like any other; the locks issue adds its lock contract
// (commit, Listing 17 of the thesis).
package java.lang;

public class Object {
  //@ ensures true;
  public Object() {}

  // Whether the object equals another: nothing is known of the answer (a
  // class's own equals may decide anything); it reads no field of the
  // program and writes none.
  //@ ensures true;
  public boolean equals(Object other);
}
