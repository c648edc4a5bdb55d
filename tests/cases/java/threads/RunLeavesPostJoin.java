// A run that does not fold the postJoin(1) Thread's contract asks of it (the
// thesis's Listing 1): the failure points at the end of this run, on both
// backends, though the clause is Thread's.
public class RunLeavesPostJoin extends Thread {
  public void run() { /*[/expect postFailed:perm]*/}/*[/end]*/
}
