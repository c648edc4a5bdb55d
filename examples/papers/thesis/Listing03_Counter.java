// The thesis's Listing 3 (ch. 1): a counter whose incr reads and writes the
// shared `count` unsynchronised. The thesis says threads calling incr race
// on `count` (lines 7 and 8). weft reports the read at line 7 (in the
// thesis's numbering; line 14 here): incr holds no permission to `count`, so
// no thread may call it while another can write.
//
// Typed in as printed.
public class Counter{
    private int count;

    public Counter(){ count=0; }

    public void incr(){
        int tmp = /*[/expect perm]*/count/*[/end]*/; /* reading the shared variable */
        count = tmp+1; /* writing to the shared variable */
    }
}
