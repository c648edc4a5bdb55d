// weft's specification library: java.lang.Runnable. What a runnable needs
// and gives is its class's own business, so run has no useful contract
// here: through the interface it cannot be called (requires false), and
// every implementation's run refines that. `new Thread(r)` takes the
// contract of r's class's run (src/syntax/java/runnable.rs).
package java.lang;

public interface Runnable {
  //@ requires false;
  public void run();
}
