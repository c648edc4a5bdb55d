// weft's specification library: java.lang.Thread, the contract of the
// thesis's Listing 9 (ch. 3). A subclass redefines preFork (what the new
// thread needs) and postJoin (what joining gives back, by fraction) and
// defines run, which is verified against them; start and join are trusted
// contracts. `start()` is the token that lets a thread start once; `join(p)`
// is a share p of the right to join. Group predicates split and merge by
// their fraction: join(1) = join(1/2) ** join(1/2).
package java.lang;

import java.util.concurrent.locks.LockSet;

public class Thread {
  /*@
    resource start();
    resource preFork() = true;
    group resource postJoin(frac p) = true;
    group resource join(frac p);
  @*/

  //@ ensures start();
  public Thread();

  // A new thread holds no locks: run starts with an empty lock set (a
  // thread-local resource, see java.util.concurrent.locks.LockSet), which a
  // run that takes no locks need not mention.
  /*@
    requires preFork();
    requires LockSet.of(bag<Object>{});
    ensures postJoin(1);
  @*/
  public void run();

  /*@
    requires start() ** preFork();
    ensures join(1);
  @*/
  public void start();

  /*@
    given frac p;
    requires join(p);
    ensures postJoin(p);
  @*/
  public void join() throws InterruptedException;
}
