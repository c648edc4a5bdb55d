// The thesis's Listing 1 (ch. 1): a thread class and a main that starts one.
// The thesis makes no claim about it beyond being a Java program; under its
// own Thread contract (Listing 9, weft's java.lang.Thread) run must fold its
// `postJoin(1)` and main must fold the thread's `preFork()` before start,
// though both are `true` by Thread's definitions: weft reports both.
//
// Typed in as printed.
public class SampleThread extends Thread {
   public void run() { /* Task of the thread is implemented here. */ /*[/expect postFailed:perm]*/}/*[/end]*/
   public static void main(String[] args){
     /*[/expect preFailed:perm]*/(new SampleThread()).start()/*[/end]*/;
   }
}
