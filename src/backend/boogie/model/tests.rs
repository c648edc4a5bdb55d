//! The model reader on Boogie 2.4.1's own output: each `.out` file is the
//! output of the model run (`super::program`, `/mv:-` and the options of
//! `super::super::counterexamples`) on the program next to it, with Z3's
//! `model_compress` complaint taken out.

use super::*;

/// `a.pvl`: a class `C` with a field `x` and the methods `m` (`requires x >
/// 3; ensures \result == 4;` returning `x`), `inc` (`this.x` up by a local
/// `y = 1`, but the postcondition says by 2) and `loc` (locals and an
/// assert on them), as weft emitted it.
const A: &str = include_str!("a.bpl");
/// `c.pvl`: a class `N` with fields `int v`, `boolean f`, `N next` and a
/// method `put(int a, N o)` that writes all three and a local `p`.
const C: &str = include_str!("c.bpl");

fn pairs(values: &[ModelValue]) -> Vec<(&str, &str)> {
    values
        .iter()
        .map(|v| (v.name.as_str(), v.value.as_str()))
        .collect()
}

/// The values at `line` of `program` from the model run's output `out`.
fn values_at(program: &str, out: &str, line: usize) -> Vec<ModelValue> {
    let models = models_by_line(out);
    assert_eq!(models.len(), 1, "one error, one model");
    let (at, lines) = &models[0];
    assert_eq!(*at, line);
    let proc = procedure_at(program, line).expect("a procedure");
    values(&Model::parse(lines), line, &proc, &fields(program))
}

#[test]
fn parameters_and_locals_at_the_failing_assert() {
    // `assert ((k != 6) || b);` after `k := a; k := k + 1; k := k * 2;`:
    // the last incarnation of `k`, objects numbered in the order shown
    // (`this` is left out: its field is not read).
    let got = values_at(A, include_str!("loc.out"), 463);
    assert_eq!(
        pairs(&got),
        [("a", "2"), ("b", "false"), ("o", "#0"), ("k", "6")]
    );
}

#[test]
fn a_field_read_now_and_at_entry() {
    // `Heap[this, C__x]` in the heap after the write, and in `$OldHeap`.
    let got = values_at(A, include_str!("inc.out"), 437);
    assert_eq!(
        pairs(&got),
        [("this.C__x", "39"), ("y", "1"), ("\\old(this.C__x)", "38")]
    );
}

#[test]
fn fields_through_updates_negative_ints_and_null() {
    // `this.f` is read in a heap two updates back (`next` was written
    // last); `\old(this.v)` is not in the model, so it is not shown.
    let out = include_str!("put.out");
    let got = values_at(C, out, 437);
    assert_eq!(
        pairs(&got),
        [
            ("this.N__v", "-2"),
            ("this.N__f", "false"),
            ("this.N__next", "#0"),
            ("a", "-1"),
            ("o", "#0"),
            ("p", "null"),
            ("\\old(this.N__f)", "true"),
        ]
    );
    // The whole path, with Z3's complaint back in the output; a line not
    // asked about gets nothing.
    let noisy = format!(
        "Prover error: line 20 column 28: unknown parameter 'model_compress'\n\
         Legal parameters are:\n  auto_config (bool) (default: true)\n{out}"
    );
    let read = super::super::read_counterexamples(C, &[437], &noisy);
    assert_eq!(read, vec![(437, got)]);
    assert!(super::super::read_counterexamples(C, &[436], &noisy).is_empty());
}

#[test]
fn the_model_program_keeps_lines_and_asserts_only_the_failing_ones() {
    let text = "procedure P(this: Ref, x: int) returns (r: int)\n  modifies Heap;\n{\n  var k: int;\n  assert x > 0;\n  if (*) {\n    assert false;\n  }\n}\n";
    let got = program(text, &[5]);
    assert_eq!(got.lines().count(), text.lines().count());
    assert_eq!(
        got.lines().nth(4),
        Some("  assume {:captureState \"L5\"} true; assert x > 0;")
    );
    assert_eq!(got.lines().nth(6), Some("    assume false;"));
    let proc = procedure_at(text, 7).expect("a procedure");
    assert_eq!(proc.name, "P");
    let vars: Vec<(&str, &str)> = (proc.vars.iter())
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        vars,
        [("this", "Ref"), ("x", "int"), ("r", "int"), ("k", "int")]
    );
}

#[test]
fn values_of_the_shown_types_only() {
    let mut objects = Objects {
        null: Some("T@U!val!6"),
        seen: Vec::new(),
    };
    let mut show = |raw: &str, ty: &str| shown(raw, ty, &mut objects);
    assert_eq!(show("(- 12)", "int").as_deref(), Some("-12"));
    assert_eq!(show("T@U!val!3", "int"), None);
    assert_eq!(show("**k", "int"), None);
    assert_eq!(show("T@U!val!6", "Ref").as_deref(), Some("null"));
    assert_eq!(show("T@U!val!9", "Ref").as_deref(), Some("#0"));
    assert_eq!(show("T@U!val!9", "HeapType"), None);
    assert_eq!(show("true", "bool").as_deref(), Some("true"));
}
