//! The calvin pass on core text.

use crate::passes::testing::{after, at, body, contract, method, refused, shape, Java};

/// One field no other thread writes, a global invariant over it.
const ONE: &str = "/*@ global_invariant x >= 0; */
class Cv {
  /*@ unwritable_by_env_if true; */
  int x;

  void t() { x = 1; }
}";

/// The environment step: a label, the havoc, E (the field's clause, the
/// monitor rule) and I assumed.
const ENV: [&str; 5] = ["label", "havoc", "assume", "assume", "assume"];

/// The guarantee after an own write: I, then E(j) of every other thread.
const GUARANTEE: [&str; 3] = [
    "check-assert globalInvariant",
    "check-assert envAssumption",
    "check-assert guarantee",
];

#[test]
fn the_environment_precedes_each_step_and_the_guarantee_follows_each_write() {
    let p = after(Java, ONE, "calvin");
    let env = |n: u32| {
        let mut e: Vec<String> = ENV.iter().map(|s| s.to_string()).collect();
        e[0] = format!("label weft_calvin_env_{n}");
        e
    };
    let mut want = env(1);
    want.push("label weft_calvin_step_2".into());
    want.push("=".into());
    want.extend(GUARANTEE.iter().map(|s| s.to_string()));
    // The end of the body is after the environment too.
    want.extend(env(3));
    assert_eq!(shape(&p, "t"), want);
    let t = body(&p, "t");
    // E: the field unwritable by the environment keeps its value since the label.
    assert!(
        t.contains(
            "(label weft_calvin_env_1) (havoc (&& (forall* [weft_calvin_o] (==> (!= weft_calvin_o null) (Perm (. weft_calvin_o x) write))) \
             (forall* [weft_calvin_o] (==> (!= weft_calvin_o null) (Perm (. weft_calvin_o holder) write))))) \
             (assume (forall [weft_calvin_o] (==> (!= weft_calvin_o null) (==> (old[weft_calvin_env_1] true) \
             (== (. weft_calvin_o x) (old[weft_calvin_env_1] (. weft_calvin_o x)))))))"
        ),
        "{t}"
    );
    // The guarantee: I after the write, and E(j) of every other thread j
    // between the step's label and now.
    assert!(
        t.contains(
            "(label weft_calvin_step_2) (= (. this x) 1) \
             (check-assert globalInvariant (forall [weft_calvin_o] (==> (!= weft_calvin_o null) (>= (. weft_calvin_o x) 0)))) \
             (check-assert envAssumption (forall [weft_calvin_j] (==> (&& (> weft_calvin_j 0) (!= weft_calvin_j weft_calvin_tid)) \
             (forall [weft_calvin_o] (==> (!= weft_calvin_o null) (==> (old[weft_calvin_step_2] true) \
             (== (. weft_calvin_o x) (old[weft_calvin_step_2] (. weft_calvin_o x)))))))))"
        ),
        "{t}"
    );
}

#[test]
fn a_thread_is_verified_for_a_positive_tid_holding_all_the_shared_state() {
    let p = after(Java, ONE, "calvin");
    let all = |f: &str| {
        format!("(forall* [weft_calvin_o] (==> (!= weft_calvin_o null) (Perm (. weft_calvin_o {f}) write)))")
    };
    assert_eq!(
        contract(&p, "t"),
        [
            "requires (> weft_calvin_tid 0)".to_string(),
            format!("requires {}", all("x")),
            format!("requires {}", all("holder")),
            "requires (forall [weft_calvin_o] (==> (!= weft_calvin_o null) (!= (. weft_calvin_o holder) weft_calvin_tid)))".into(),
            "requires (forall [weft_calvin_o] (==> (!= weft_calvin_o null) (>= (. weft_calvin_o x) 0)))".into(),
            format!("ensures {}", all("x")),
            format!("ensures {}", all("holder")),
        ]
    );
    // E's reflexivity and transitivity are checked once, apart.
    let rt = shape(&p, "env_reflexive_transitive");
    assert_eq!(
        rt.iter().filter(|s| s.starts_with("check-assert")).count(),
        4,
        "{rt:?}"
    );
}

#[test]
fn synchronized_is_the_holder_steps_unless_held() {
    let text = "/*@ global_invariant holder == 0 ==> x >= 0; */
class L {
  /*@ unwritable_by_env_if holder == tid; */
  int x;

  void t() { synchronized (this) { x = 0; } }
}";
    let p = after(Java, text, "calvin");
    let t = body(&p, "t");
    // Held already (reentrant): no step; else the acquire waits for a free monitor.
    assert!(
        t.starts_with(
            "{(check-assert lockNull (!= this null)) (local weft_calvin_r1 (== (. this holder) weft_calvin_tid)) (if (Not weft_calvin_r1) {"
        ),
        "{t}"
    );
    assert!(
        t.contains("(label weft_calvin_step_3) (assume (== (. this holder) 0)) (= (. this holder) weft_calvin_tid) (check-assert globalInvariant"),
        "{t}"
    );
    // The release after the block, a step of its own.
    assert!(
        t.contains("(if (Not weft_calvin_r1) {(label weft_calvin_env_"),
        "{t}"
    );
    assert!(
        t.contains(") (= (. this holder) 0) (check-assert globalInvariant"),
        "{t}"
    );
    let shape = shape(&p, "t");
    assert_eq!(
        shape
            .iter()
            .filter(|s| *s == "check-assert guarantee")
            .count(),
        3,
        "acquire, write, release: {shape:?}"
    );
}

#[test]
fn a_called_method_is_inlined_and_is_no_thread() {
    let text = "/*@ global_invariant x >= 0; */
class Cv {
  /*@ unwritable_by_env_if true; */
  int x;

  void t() { set(); }
  /*@ ensures x == 2; */
  void set() { x = 2; }
}";
    let p = after(Java, text, "calvin");
    let t = body(&p, "t");
    assert!(t.contains("(= (. this x) 2)"), "{t}");
    assert!(t.contains("(check-assert postFailed"), "{t}");
    // set runs only inside t: its body as a procedure is `assume false`.
    assert!(
        body(&p, "set").contains("(assume false)"),
        "{}",
        body(&p, "set")
    );
    assert!(method(&p, "set").body.is_some());
}

#[test]
fn a_new_array_in_a_thread_is_refused_at_the_statement() {
    let text = "/*@ global_invariant x >= 0; */
class Cv {
  /*@ unwritable_by_env_if true; */
  int x;

  void t() { int[] b = new int[3]; }
}";
    let errs = refused(Java, text, "calvin");
    let (code, under) = at(text, &errs[0]);
    assert_eq!(code, "notSupported");
    assert!(under.contains("new int[3]"), "{under}");
    assert!(errs[0].message.contains("new T[n]"), "{}", errs[0].message);
}

/// A thread's `atomic:` step, and one in code that is no thread's.
const CAS: &str = "/*@ global_invariant x >= 0; */
class Cas {
  /*@ unwritable_by_env_if true; */
  int x;

  Cas() { atomic: { x = 2; } }

  void t() { atomic: { if (x == 0) { x = 1; } } }
}";

#[test]
fn an_atomic_step_is_one_step_of_its_thread_and_sequential_code_elsewhere() {
    let p = after(Java, CAS, "calvin");
    // The environment, then the step (its read and its write together), the
    // guarantee after it; the block keeps its label (`atomic` at offset 135).
    // (In the block of the labelled statement, which `break atomic` leaves.)
    let mut want: Vec<String> = vec!["block".into(), "{".into()];
    want.extend(ENV.iter().map(|s| s.to_string()));
    want[2] = "label weft_calvin_env_1".into();
    for s in [
        "label weft_calvin_step_2",
        "block",
        "{",
        "label weft_calvin_atomic_135",
    ] {
        want.push(s.into());
    }
    for s in ["block", "{", "if", "{", "=", "}", "}", "}"] {
        want.push(s.into());
    }
    want.extend(GUARANTEE.iter().map(|s| s.to_string()));
    assert_eq!(shape(&p, "t")[..want.len()], want[..]);
    // A constructor runs on no thread of the program's: its step is the
    // block it is, with no environment around it.
    assert_eq!(
        body(&p, "Cas.Cas"),
        "{{{(label weft_calvin_atomic_100) {(= (. this x) 2)}}}}"
    );
}

#[test]
fn the_pass_removes_every_atomic_step() {
    use crate::core::{Block, StmtKind};
    let step = StmtKind::AtomicStep(Block {
        stmts: Vec::new(),
        span: crate::syntax::span::Span::default(),
    });
    assert!((super::PASS.removes)(&step));
    // Before it, the checker's steps are there.
    let before = crate::passes::testing::checked(Java, CAS).expect("checks");
    let t = body(&before, "t");
    assert!(t.starts_with("{(labelled 1 {(atomic-step {{(if"), "{t}");
    // After it none is left (the pipeline's validator checks it too).
    let p = after(Java, CAS, "calvin");
    for m in &p.methods {
        if let Some(b) = &m.body {
            let mut found = false;
            crate::core::visit::each_stmt(b, &mut |s| {
                found |= matches!(s.kind, StmtKind::AtomicStep(_))
            });
            assert!(!found, "{}: {}", m.name, crate::core::print::block(&p, b));
        }
    }
}

/// The pass reads the annotations and the fields' roles by id
/// (`core::Features`), never by name: renamed, the monitor owner and a ghost
/// field keep their meaning.
#[test]
fn the_monitor_owner_and_the_ghost_fields_are_known_by_id() {
    let text = "/*@ global_invariant holder == 0 ==> x >= 0; */
class L {
  /*@ unwritable_by_env_if holder == tid; */
  int x;
  //@ ghost int g;

  void t() { synchronized (this) { x = 0; } g = x; }
}";
    let mut p = crate::passes::testing::checked(Java, text).expect("checks");
    for f in &mut p.fields {
        if f.name == "holder" {
            f.name = "owner".into();
        } else if f.name == "g" {
            f.name = "copy".into();
        }
    }
    let p = crate::passes::run_until(p, "calvin")
        .expect("a pass")
        .expect("lowers");
    let t = body(&p, "t");
    assert!(
        t.contains("(assume (== (. this owner) 0)) (= (. this owner) weft_calvin_tid)"),
        "{t}"
    );
    // `copy = x`: the ghost write is part of the step of its one read.
    assert!(
        t.contains(") (= (. this copy) (. this x)) (check-assert"),
        "{t}"
    );
}
