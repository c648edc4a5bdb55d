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
    let report = super::check(&program, &files, bound)?;
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

/// A mover method may not take a monitor (a right mover, not a both mover).
#[test]
fn a_mover_method_has_only_both_movers() {
    let src = "class C {
  int n;
  /*@ mover */
  synchronized void m() { n = 1; }
  static void main() {
    C c = new C();
    c.m();
  }
}";
    assert_eq!(failures(src), [("notAtomic:possibly".to_string(), 4)]);
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
        Ok(Lowered::Atomicity(r)) if r.failures.is_empty()
    ));
}
