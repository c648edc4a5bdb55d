use super::*;
use crate::backend::provision::ensure_silicon;
use std::time::Duration;

fn lc(line: usize, column: usize) -> LineCol {
    LineCol { line, column }
}

/// Real output of this Silicon build (abridged to a few entries).
const FAILURES: &str = "Silicon 1.1-SNAPSHOT (3e24b7a8+)
Silicon found 7 errors in 3.08s:
  [ 0] Assert might fail. Assertion r > 0 might not hold. (b.vpr@8.40--8.54)

  [ 1] The precondition of method callee might not hold. There might be insufficient permission to access x.f (b.vpr@13.3--13.15)

  [ 2] Folding P(x) might fail. Assertion x.f > 0 might not hold. (b.vpr@50.3--50.12)

  [ 3] Loop invariant j < 5 might not be preserved. Assertion j < 5 might not hold. (b.vpr@64.28--64.33)

  [ 4] Assignment might fail. Index i into s might exceed sequence length. (b.vpr@76.71--76.80)

  [ 5] Conditional statement might fail. There might be insufficient permission to access x.f (c.vpr@8.34--8.41)

  [ 6] Assert might fail. Assertion r > 0 might not hold. (c.vpr@19.10--20.12)
";

#[test]
fn parses_failures() {
    let fs = parse_output(FAILURES).expect("a verdict");
    assert_eq!(fs.len(), 7);
    assert_eq!(fs[0].kind, FailureKind::AssertFailed);
    assert_eq!(fs[0].reason, FailureReason::AssertionFalse);
    assert_eq!(fs[0].offending, "r > 0");
    assert_eq!((fs[0].start, fs[0].end), (lc(8, 40), lc(8, 54)));
    assert_eq!(fs[1].kind, FailureKind::CallPrecondition);
    assert_eq!(fs[1].reason, FailureReason::InsufficientPermission);
    assert_eq!(fs[1].offending, "x.f");
    assert_eq!(fs[2].kind, FailureKind::FoldFailed);
    assert_eq!(fs[2].offending, "x.f > 0");
    assert_eq!(fs[3].kind, FailureKind::LoopInvariantNotPreserved);
    assert_eq!(fs[4].kind, FailureKind::AssignmentFailed);
    assert_eq!(fs[4].reason, FailureReason::SeqIndexExceedsLength);
    assert_eq!(fs[4].offending, "i");
    assert_eq!(
        fs[5].kind,
        FailureKind::Other("Conditional statement might fail.".into())
    );
    assert_eq!((fs[6].start, fs[6].end), (lc(19, 10), lc(20, 12)));
    assert_eq!(
        fs[6].message,
        "Assert might fail. Assertion r > 0 might not hold."
    );
}

#[test]
fn parses_every_kind_and_reason() {
    let cases: &[(&str, FailureKind, FailureReason, &str)] = &[
        ("Postcondition of m might not hold. Assertion r < 10 might not hold.", FailureKind::PostconditionViolated, FailureReason::AssertionFalse, "r < 10"),
        ("Precondition of function fn might not hold. There might be insufficient permission to access x.f", FailureKind::AppPrecondition, FailureReason::InsufficientPermission, "x.f"),
        ("Method call might fail. There might be insufficient permission to access x.f", FailureKind::CallFailed, FailureReason::InsufficientPermission, "x.f"),
        ("Exhale might fail. Fraction -1 / 2 might be negative.", FailureKind::ExhaleFailed, FailureReason::NegativePermission, "-1 / 2"),
        ("Inhale might fail. Quantified resource y.f might not be injective.", FailureKind::InhaleFailed, FailureReason::NotInjective, "y.f"),
        ("Unfolding P(x) might fail. There might be insufficient permission to access P(x)", FailureKind::UnfoldFailed, FailureReason::InsufficientPermission, "P(x)"),
        ("Loop invariant j > 1 might not hold on entry. Assertion j > 1 might not hold.", FailureKind::LoopInvariantNotEstablished, FailureReason::AssertionFalse, "j > 1"),
        ("Contract might not be well-formed. There might be insufficient permission to access x.f", FailureKind::ContractNotWellformed, FailureReason::InsufficientPermission, "x.f"),
        ("Function might not be well-formed. There might be insufficient permission to access x.f", FailureKind::FunctionNotWellformed, FailureReason::InsufficientPermission, "x.f"),
        ("Predicate might not be well-formed. There might be insufficient permission to access x.f", FailureKind::PredicateNotWellformed, FailureReason::InsufficientPermission, "x.f"),
        ("Assignment might fail. Divisor i might be zero.", FailureKind::AssignmentFailed, FailureReason::DivisionByZero, "i"),
        ("Assignment might fail. Index i into s might be negative.", FailureKind::AssignmentFailed, FailureReason::SeqIndexNegative, "i"),
        ("Refute holds in all cases or could not be reached (e.g. see Silicon `numberOfErrorsToReport`). Assertion true definitely holds.", FailureKind::RefuteFailed, FailureReason::Other("Assertion true definitely holds.".into()), "true"),
    ];
    for (msg, kind, reason, offending) in cases {
        let out = format!("Silicon found 1 error in 1.0s:\n  [0] {msg} (a.vpr@1.2--3.4)\n");
        let fs = parse_output(&out).unwrap_or_else(|| panic!("no verdict for {msg}"));
        assert_eq!(&fs[0].kind, kind, "{msg}");
        assert_eq!(&fs[0].reason, reason, "{msg}");
        assert_eq!(fs[0].offending, *offending, "{msg}");
        assert_eq!((fs[0].start, fs[0].end), (lc(1, 2), lc(3, 4)));
    }
}

#[test]
fn success_needs_the_success_line() {
    let ok =
        "Silicon 1.1-SNAPSHOT (3e24b7a8+)\nSilicon finished verification successfully in 4.57s.\n";
    assert_eq!(parse_output(ok), Some(vec![]));
    assert_eq!(parse_output(""), None);
    assert_eq!(parse_output("Silicon 1.1-SNAPSHOT (3e24b7a8+)\n"), None);
    assert_eq!(
        parse_output("Exception in thread \"main\" java.lang.StackOverflowError\n"),
        None
    );
}

#[test]
fn parse_and_type_errors_are_not_verdicts() {
    let parse = "Silicon 1.1-SNAPSHOT (3e24b7a8+)
Silicon found 1 error in 1.33s:
  [0] Parse error: Expected (parens | atom):1:25, found \"}\\n\". Occurred while parsing: annotated:1:1 / methodDecl:1:8 (e.vpr@1.25--1.25)
";
    let typ =
        "Silicon found 1 error in 1.49s:\n  [0] undeclared identifier `y` (f.vpr@1.21--1.22)\n";
    let trigger = "Silicon found 1 error in 1.49s:\n  [0] { i + 1 > 0 } is not a valid Trigger (d.vpr@1.38--1.51)\n";
    assert_eq!(parse_output(parse), None);
    assert_eq!(parse_output(typ), None);
    assert_eq!(parse_output(trigger), None);
    // A miscount means the output was not understood.
    let short = "Silicon found 2 errors in 1s:\n  [0] Assert might fail. Assertion false might not hold. (a.vpr@1.1--1.6)\n";
    assert_eq!(parse_output(short), None);
}

/// The warm driver's output: an entry, then its offending node's position.
const WITH_OFFENDING: &str = "Silicon found 3 errors in 6.56s:
  [0] Assignment might fail. There might be insufficient permission to access x.f (program.vpr@11.3--11.11)

@weft offending 11.3--11.6
  [1] The precondition of method callee might not hold. Assertion 0 - 1 > 0 might not hold. (program.vpr@34.3--34.21)

@weft offending 27.13--27.18
  [2] Assert might fail. Assertion r > 0 might not hold. (program.vpr@19.10--20.12)
";

#[test]
fn parses_offending_positions() {
    let fs = parse_output(WITH_OFFENDING).expect("a verdict");
    assert_eq!(fs.len(), 3);
    assert_eq!(fs[0].offending_at, Some((lc(11, 3), lc(11, 6))));
    assert_eq!((fs[0].start, fs[0].end), (lc(11, 3), lc(11, 11)));
    assert_eq!(
        fs[0].message,
        "Assignment might fail. There might be insufficient permission to access x.f"
    );
    assert_eq!(fs[1].offending_at, Some((lc(27, 13), lc(27, 18))));
    assert_eq!(fs[1].offending, "0 - 1 > 0");
    // An entry without the line: the driver had no position for it.
    assert_eq!(fs[2].offending_at, None);
    assert_eq!((fs[2].start, fs[2].end), (lc(19, 10), lc(20, 12)));
    // Silicon's command line prints none.
    let fs = parse_output(FAILURES).expect("a verdict");
    assert!(fs.iter().all(|f| f.offending_at.is_none()));
}

#[test]
fn misplaced_offending_lines_are_not_verdicts() {
    let entry = "  [0] Assert might fail. Assertion false might not hold. (a.vpr@1.1--1.6)\n";
    let header = "Silicon found 1 error in 1s:\n";
    // Before any entry.
    let before = format!("{header}@weft offending 1.1--1.6\n{entry}");
    assert_eq!(parse_output(&before), None);
    // Twice for one entry.
    let twice = format!("{header}{entry}@weft offending 1.1--1.6\n@weft offending 1.1--1.6\n");
    assert_eq!(parse_output(&twice), None);
    // Not a position.
    let bad = format!("{header}{entry}@weft offending 1.1-1.6\n");
    assert_eq!(parse_output(&bad), None);
    // Text after the position that starts no entry.
    let after = format!("{header}{entry}@weft offending 1.1--1.6\nmore\n");
    assert_eq!(parse_output(&after), None);
    let fine = format!("{header}{entry}\n@weft offending 1.1--1.6\n\n");
    let fs = parse_output(&fine).expect("a verdict");
    assert_eq!(fs[0].offending_at, Some((lc(1, 1), lc(1, 6))));
}

/// Silicon, provisioned on first use; `None` (the test is skipped) only
/// when Java is not installed.
pub(crate) fn silicon_or_skip() -> Option<SiliconPaths> {
    match ensure_silicon() {
        Ok(p) => Some(p),
        Err(BackendError::Missing { what, .. }) => {
            eprintln!("skipping: {what} is missing");
            None
        }
        Err(e) => panic!("provisioning Silicon failed: {e}"),
    }
}

fn opts() -> RunOptions {
    RunOptions {
        timeout: Duration::from_secs(120),
        seed: None,
        cache: false,
        warm: true,
        counterexample: false,
    }
}

#[test]
fn silicon_verifies_a_correct_program() {
    let Some(paths) = silicon_or_skip() else {
        return;
    };
    let text = "field f: Int\nmethod m(x: Ref) requires acc(x.f) ensures acc(x.f) && x.f == 2 { x.f := 2 }\n";
    let v = run_with(&paths, &Text::from(text.to_string()), &opts()).expect("a verdict");
    assert!(v.failures.is_empty(), "{:?}", v.failures);
}

#[test]
fn silicon_parse_error_is_a_crash() {
    let Some(paths) = silicon_or_skip() else {
        return;
    };
    match run_with(
        &paths,
        &Text::from("method m() { assert 1 + }\n".to_string()),
        &opts(),
    ) {
        Err(BackendError::Crashed { output, .. }) => assert!(output.contains("Parse error")),
        other => panic!("expected a crash, got {other:?}"),
    }
}

#[test]
fn silicon_timeout_is_reported() {
    let Some(paths) = silicon_or_skip() else {
        return;
    };
    let short = RunOptions {
        timeout: Duration::from_millis(200),
        seed: None,
        cache: false,
        warm: true,
        counterexample: false,
    };
    match run_with(&paths, &Text::from("method m() { }\n".to_string()), &short) {
        Err(BackendError::Timeout { .. }) => {}
        other => panic!("expected a timeout, got {other:?}"),
    }
}

#[test]
fn warm_silicon_reports_the_offending_position() {
    let Some(paths) = silicon_or_skip() else {
        return;
    };
    if paths.driver.is_none() {
        eprintln!("skipping: no warm driver (javac is missing)");
        return;
    }
    let text = "field f: Int\nmethod m(x: Ref)\n{\n  x.f := (1 \\ 1)\n}\n";
    let v = run(&Text::from(text.to_string()), &opts()).expect("a verdict");
    assert_eq!(v.failures.len(), 1, "{:?}", v.failures);
    assert_eq!(
        (v.failures[0].start, v.failures[0].end),
        (lc(4, 3), lc(4, 17))
    );
    // The failing node is the statement, the offending one its target.
    assert_eq!(v.failures[0].offending_at, Some((lc(4, 3), lc(4, 6))));
}
