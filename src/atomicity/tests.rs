//! The atomicity check end to end on small programs: front end, static
//! check, exploration, verdicts.

use super::{Bound, Report};
use crate::diag::Diagnostic;
use crate::driver::{self, Backend, Lowered};
use crate::syntax::span::Files;

fn run(src: &str, bound: Bound) -> Result<(Report, Files), Vec<Diagnostic>> {
    let mut files = Files::new();
    let ids = driver::load_text(&mut files, "T.java", src.to_string());
    let units = driver::parse_for_tests(&files, &ids)?;
    let program = crate::check::check(&units)?;
    let program = crate::passes::run_before_explore(program)?;
    let report = super::check(program, &files, bound)?;
    Ok((report, files))
}

/// The errors of a program the explorer refuses.
fn refused(src: &str) -> Vec<Diagnostic> {
    match run(src, Bound::default()) {
        Ok((r, _)) => panic!("explored: {:?}", r.notes),
        Err(e) => e,
    }
}

fn report(src: &str) -> Report {
    match run(src, Bound::default()) {
        Ok((r, _)) => r,
        Err(e) => panic!("not explored: {e:?}"),
    }
}

/// The failures' codes and lines.
fn failures(src: &str) -> Vec<(String, usize)> {
    let (r, files) = run(src, Bound::default()).unwrap_or_else(|e| panic!("{e:?}"));
    r.failures
        .iter()
        .map(|d| {
            let s = d.span.unwrap();
            (
                d.code.to_string(),
                files.line_col(s.file, s.start as usize).line,
            )
        })
        .collect()
}

const THREADS: &str = "
class Worker extends Thread {
  Box a;
  Box b;
  Worker(Box a, Box b) { this.a = a; this.b = b; }
  public void run() { a.move(b); }
}
";

#[test]
fn the_lock_protected_increment_is_atomic_within_the_bound() {
    let src = format!(
        "class Box {{
  int n;
  /*@ atomic */
  synchronized void move(Box other) {{ n = n + 1; }}
}}
{THREADS}
class Main {{
  static void main() {{
    Box x = new Box();
    Worker p = new Worker(x, x);
    Worker q = new Worker(x, x);
    p.start();
    q.start();
  }}
}}"
    );
    let r = report(&src);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert!(
        r.notes[0].starts_with("Box.move: atomic within the bound ("),
        "{:?}",
        r.notes
    );
}

/// The deadlock needs one interleaving: each worker takes its receiver's
/// monitor before either takes the other's. Running the threads one after
/// another (or any single schedule that lets one finish) never finds it.
#[test]
fn a_deadlock_on_one_interleaving_is_definite() {
    let src = format!(
        "class Box {{
  int n;
  /*@ atomic */
  synchronized void move(Box other) {{
    synchronized (other) {{
      n = n + other.n;
    }}
  }}
}}
{THREADS}
class Main {{
  static void main() {{
    Box x = new Box();
    Box y = new Box();
    Worker p = new Worker(x, y);
    Worker q = new Worker(y, x);
    p.start();
    q.start();
  }}
}}"
    );
    assert_eq!(failures(&src), [("notAtomic:definitely".to_string(), 5)]);
    // One worker alone runs to the end: no deadlock, atomic.
    let alone = src.replace("    q.start();\n", "");
    assert_eq!(failures(&alone), []);
}

/// Two monitors taken one after the other (R L R L): the pattern breaks at
/// the second acquire, on every run.
#[test]
fn a_right_mover_after_a_left_mover_is_possible() {
    let src = format!(
        "class Box {{
  int n;
  /*@ atomic */
  void move(Box other) {{
    int v = 0;
    synchronized (other) {{ v = other.n; }}
    synchronized (this) {{ n = v; }}
  }}
}}
{THREADS}
class Main {{
  static void main() {{
    Box x = new Box();
    Box y = new Box();
    Worker p = new Worker(x, y);
    p.start();
    synchronized (x) {{ x.n = 3; }}
  }}
}}"
    );
    assert_eq!(failures(&src), [("notAtomic:possibly".to_string(), 7)]);
}

/// A field another thread writes without the monitor is a race: each access
/// is a non-mover, and the read then the write are two.
#[test]
fn an_unprotected_field_makes_accesses_non_movers() {
    let src = format!(
        "class Box {{
  int n;
  /*@ atomic */
  synchronized void move(Box other) {{
    int v = n;
    n = v + 1;
  }}
}}
{THREADS}
class Main {{
  static void main() {{
    Box x = new Box();
    Worker p = new Worker(x, x);
    p.start();
    x.n = 5;
  }}
}}"
    );
    assert_eq!(failures(&src), [("notAtomic:possibly".to_string(), 6)]);
}

/// A spin loop inside an atomic method: a cycle of states inside it.
#[test]
fn a_spin_inside_a_region_is_a_definite_cycle() {
    let src = "class Flag {
  boolean up;
  /*@ atomic */
  void await() {
    while (!up) { }
  }
}
class Waiter extends Thread {
  Flag f;
  Waiter(Flag f) { this.f = f; }
  public void run() { f.await(); }
}
class Main {
  static void main() {
    Flag f = new Flag();
    Waiter w = new Waiter(f);
    w.start();
    f.up = true;
  }
}";
    assert_eq!(failures(src), [("notAtomic:definitely".to_string(), 5)]);
}

/// A mover method may not take a monitor another thread can reach (a
/// right mover, not a both mover); alone in the program, the object is
/// thread-local and its monitor protects nothing.
#[test]
fn a_mover_method_has_only_both_movers() {
    let src = "class C {
  int n;
  /*@ mover */
  synchronized void m() { n = 1; }
  static void main() throws InterruptedException {
    C c = new C();
    T t = new T(c);
    t.start();
    c.m();
    t.join();
  }
}
class T extends Thread {
  C c;
  T(C c) { this.c = c; }
  public void run() { c.m(); }
}";
    assert_eq!(failures(src), [("notAtomic:possibly".to_string(), 4)]);
    let alone = src
        .replace("    t.start();\n", "")
        .replace("    t.join();\n", "");
    assert_eq!(failures(&alone), []);
}

/// A method main never runs: the static classification decides a break;
/// without one, the method is not settled. (`fine` uses its own field:
/// `racy`'s unguarded accesses to n would make n's accesses non-movers in
/// `fine` too.)
#[test]
fn a_method_never_run_falls_back_on_the_static_check() {
    let src = "class C {
  int n;
  int k;
  /*@ atomic */
  synchronized void fine() { k = k + 1; }
  /*@ atomic */
  void racy() { n = n + 1; }
  static void main() { }
}";
    assert_eq!(
        failures(src),
        [
            ("notExplored".to_string(), 4),
            ("notAtomic:possibly".to_string(), 7)
        ]
    );
}

/// The bound cuts an unbounded loop: not "atomic", but "bound reached".
#[test]
fn the_bound_is_reported_not_hidden() {
    let src = "class C {
  int n;
  /*@ atomic */
  synchronized void inc() { n = n + 1; }
  static void main() {
    C c = new C();
    while (true) { c.inc(); }
  }
}";
    let bound = Bound {
        states: 50,
        depth: 1_000,
    };
    let (r, _) = run(src, bound).unwrap();
    let codes: Vec<String> = r.failures.iter().map(|d| d.code.to_string()).collect();
    assert_eq!(codes, ["notExplored"]);
    assert!(r.failures[0].message.contains("reached its bound"));
}

/// A job whose log only its monitor guards (every read of `log` holds
/// it); `SHARE` says whether the peeker also gets the log directly.
const GUARDED_LOG: &str = "class Log {
  int n;
  synchronized void add(int k) { n = n + k; }
}
class Job {
  Log log;
  Job(Log log) { this.log = log; }
  /*@ atomic */
  synchronized void work() {
    log.add(1);
    log.add(2);
  }
  synchronized void poke() { log.add(5); }
}
class Peeker extends Thread {
  Job j;
  Log mine;
  Peeker(Job j, Log mine) { this.j = j; this.mine = mine; }
  public void run() {
    j.poke();
    if (mine != null) { mine.add(7); }
  }
}
class Main {
  static void main() throws InterruptedException {
    Log log = new Log();
    Job j = new Job(log);
    Peeker p = new Peeker(j, SHARE);
    p.start();
    j.work();
    p.join();
  }
}";

/// The log's two acquire/release pairs are R L R L as movers. While
/// `work` holds the job's monitor, the peeker can reach the log only
/// through `log`, which it reads holding that monitor (and keeps no copy
/// of): the log is dominated by it, and the pairs are both movers. Handed
/// to the peeker directly as well, the log's own monitor is what protects
/// it, and the second add's acquire breaks the pattern.
#[test]
fn a_monitor_dominated_by_a_held_one_protects_nothing_and_an_exposed_one_does() {
    let guarded = GUARDED_LOG.replace("SHARE", "null");
    assert_eq!(failures(&guarded), []);
    let exposed = GUARDED_LOG.replace("SHARE", "log");
    assert_eq!(failures(&exposed), [("notAtomic:possibly".to_string(), 11)]);
}

/// Acquire/release pairs on a log only the method's thread can reach:
/// both movers, in a `mover` method too. The same log stored in a field
/// another thread reads (without a monitor) breaks the pattern: the store
/// is a race (a non-mover) and the first add's acquire a right mover after it.
#[test]
fn a_thread_local_monitor_is_a_both_mover_and_a_shared_one_is_not() {
    let src = "class Log {
  int n;
  synchronized void add(int k) { n = n + k; }
}
class Job {
  int total;
  Log seen;
  /*@ atomic */
  synchronized void work() {
    Log l = new Log();
    l.add(1);
    l.add(2);
    total = l.n;
  }
  /*@ mover */
  void scratch() {
    Log l = new Log();
    l.add(1);
  }
}
class Other extends Thread {
  Job j;
  Other(Job j) { this.j = j; }
  public void run() {
    j.scratch();
    Log l = j.seen;
    if (l != null) { l.add(5); }
  }
}
class Main {
  static void main() throws InterruptedException {
    Job j = new Job();
    Other o = new Other(j);
    o.start();
    j.work();
    j.scratch();
    o.join();
  }
}";
    assert_eq!(failures(src), []);
    let escaping = src.replace(
        "    Log l = new Log();
    l.add(1);
    l.add(2);",
        "    Log l = new Log();
    seen = l;
    l.add(1);
    l.add(2);",
    );
    assert_eq!(
        failures(&escaping),
        [("notAtomic:possibly".to_string(), 12)]
    );
}

/// A monitor no other thread can reach is a left mover only if no other
/// thread touched it since this thread's previous step. Here main enters
/// `check` while the writer holds the gate's monitor (it waits for `up`);
/// check's racy read of `v` may see 0, then it blocks on the gate until
/// the writer has written 2, released the gate and ended, and reads 2:
/// not atomic (run alone, check reads 0 twice or 2 twice). When check
/// takes the gate, no other thread can reach it any more, but the
/// writer's release came just before: the acquire is a right mover only,
/// after the non-mover.
#[test]
fn a_thread_local_monitor_another_thread_just_released_is_no_left_mover() {
    let src = "class Box {
  int v;
  boolean up;
}
class Gate {
  /*@ atomic */
  void check(Box b) {
    int before = b.v;
    synchronized (this) {
      int after = b.v;
    }
  }
}
class Writer extends Thread {
  Gate g;
  Box b;
  Writer(Gate g, Box b) { this.g = g; this.b = b; }
  public void run() {
    synchronized (g) { b.up = true; b.v = 2; }
  }
}
class Main {
  static void main() {
    Box b = new Box();
    Gate g = new Gate();
    Writer w = new Writer(g, b);
    w.start();
    while (!b.up) { }
    g.check(b);
  }
}";
    assert_eq!(failures(src), [("notAtomic:possibly".to_string(), 9)]);
}

#[test]
fn what_the_explorer_cannot_run_is_an_error_at_its_place() {
    let arrays = "class C {
  /*@ atomic */
  void m() { int[] a = new int[2]; }
  static void main() {
    C c = new C();
    c.m();
  }
}";
    let e = refused(arrays);
    assert!(e[0].message.contains("an array"), "{e:?}");
    let no_main = "class C {\n  /*@ atomic */\n  void m() { }\n}";
    let e = refused(no_main);
    assert!(e[0].message.contains("needs a harness"), "{e:?}");
    let npe = "class C {
  int n;
  /*@ atomic */
  void m(C o) { o.n = 1; }
  static void main() {
    C c = new C();
    c.m(null);
  }
}";
    let e = refused(npe);
    assert!(e[0].message.contains("NullPointerException"), "{e:?}");
}

#[test]
fn silicon_refuses_at_once_and_boogie_explores() {
    let src = "class C {\n  /*@ atomic */\n  void m() { }\n  static void main() {\n    C c = new C();\n    c.m();\n  }\n}";
    let mut files = Files::new();
    let ids = driver::load_text(&mut files, "T.java", src.to_string());
    let e = match driver::frontend(&files, &ids, Backend::Silicon) {
        Err(e) => e,
        Ok(_) => panic!("silicon accepted an atomicity program"),
    };
    assert_eq!(e.len(), 1);
    assert!(e[0].message.contains("no permission-based meaning"));
    assert!(matches!(
        driver::frontend(&files, &ids, Backend::Boogie),
        Ok(Lowered::Atomicity(p)) if p.run(&files).is_ok_and(|r| r.failures.is_empty())
    ));
}
