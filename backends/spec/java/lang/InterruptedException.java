// weft's specification library: java.lang.InterruptedException, only as a
// type, for `throws InterruptedException` and its `catch`. No method in
// weft's model throws, so a handler never runs.
package java.lang;

public class InterruptedException {
  //@ ensures true;
  public InterruptedException() {}
}
