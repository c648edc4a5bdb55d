//! The par pass on core text.

use crate::passes::testing::{after, at, body, refused, shape, Pvl};

const FILL: &str = "class V {
  requires a != null ** (\\forall* int i = 0 .. a.length; Perm(a[i], write));
  ensures (\\forall* int i = 0 .. a.length; Perm(a[i], write));
  void m(int[] a) {
    par (int t = 0 .. a.length)
      requires Perm(a[t], write);
      ensures Perm(a[t], write) ** a[t] == t;
    { a[t] = t; }
  } }";

#[test]
fn the_caller_exhales_every_threads_precondition_and_inhales_their_postconditions() {
    let p = after(Pvl, FILL, "par");
    let m = body(&p, "m");
    let range =
        "(&& (<= weft_par1_0_0_lo weft_par1_0_0_tid) (< weft_par1_0_0_tid weft_par1_0_0_hi))";
    let pre = format!(
        "(check-exhale parPreFailed:false (forall* [weft_par1_0_0_tid] (==> {range} (Perm (idx a weft_par1_0_0_tid) write))))"
    );
    let post = format!(
        "(inhale (** (forall* [weft_par1_0_0_tid] (==> {range} (Perm (idx a weft_par1_0_0_tid) write))) \
         (forall [weft_par1_0_0_tid] (==> {range} (== (idx a weft_par1_0_0_tid) weft_par1_0_0_tid)))))}}}}"
    );
    assert!(
        m.starts_with(&format!(
            "{{{{(local weft_par1_0_0_lo 0) (local weft_par1_0_0_hi (length a)) (label weft_par1) {pre} "
        )),
        "{m}"
    );
    assert!(m.ends_with(&post), "{m}");
}

#[test]
fn one_thread_is_verified_for_an_arbitrary_id_from_its_precondition_alone() {
    let p = after(Pvl, FILL, "par");
    assert_eq!(
        shape(&p, "m"),
        [
            "block",
            "{",
            "local weft_par1_0_0_lo 0",
            "local weft_par1_0_0_hi",
            "label weft_par1",
            "check-exhale parPreFailed:false",
            "block",
            "{",
            "local weft_par1_0_check",
            "if",
            "{",
            // An arbitrary id in the range, holding only its precondition,
            "local t",
            "assume",
            "inhale",
            // its body framed by a loop that runs once (only P gets in),
            "local weft_par1_0_once true",
            "while",
            "{",
            "=",
            "check-assert parPostFailed:false",
            "check-exhale parPostFailed:false",
            "= weft_par1_0_once false",
            "}",
            // and nothing of it reaches the caller's path.
            "assume false",
            "}",
            "}",
            "inhale",
            "}",
        ]
    );
    let m = body(&p, "m");
    assert!(
        m.contains(
            "(while [(==> weft_par1_0_once (Perm (idx a t) write))] weft_par1_0_once {(= (idx a t) t) \
             (check-assert parPostFailed:false (** (Perm (idx a t) write) (== (idx a t) t)))"
        ),
        "{m}"
    );
}

#[test]
fn a_thread_assigning_a_local_of_the_method_is_refused_at_the_assignment() {
    let text = "class V { void m() { int s = 0; par (int t = 0 .. 2) { s = t; } } }";
    let errs = refused(Pvl, text, "par");
    assert_eq!(at(text, &errs[0]), ("typeError:misplaced".into(), "s = t;"));
    assert!(
        errs[0].message.contains("cannot assign s"),
        "{}",
        errs[0].message
    );
}
