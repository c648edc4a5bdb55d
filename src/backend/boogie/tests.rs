//! The output reader on outputs captured from Boogie 2.4.1 (testdata/, each from
//! `boogie /nologo program.bpl` with Debian's Z3 4.8.12 unless named otherwise), and a
//! few runs of the real Boogie on tiny programs.

use super::parse::{parse_output, without_noise, NoVerdict};
use super::*;
use std::time::Instant;

fn lc(line: usize, column: usize) -> LineCol {
    LineCol { line, column }
}

const VERIFIED: &str = include_str!("testdata/verified.out");
const RELATED: &str = include_str!("testdata/related.out");
const RELATED_Z3_4_12: &str = include_str!("testdata/related-z3-4.12.out");
const SEVERAL: &str = include_str!("testdata/several.out");
const MSG: &str = include_str!("testdata/msg.out");
const PARSE: &str = include_str!("testdata/parse.out");
const TYPE: &str = include_str!("testdata/type.out");
const RESOLVE: &str = include_str!("testdata/resolve.out");
const TIMEOUT: &str = include_str!("testdata/timeout.out");
const RESOURCE: &str = include_str!("testdata/resource.out");
const CRASH_STDERR: &str = include_str!("testdata/crash.err");
// With `/trace` and `/timeLimit:3`: one procedure fast and failing, one verified; one that
// timed out; one that found a failure and then used its whole time on the next assert.
const TRACE_ERRORS: &str = include_str!("testdata/trace-errors.out");
const TRACE_TIMEOUT: &str = include_str!("testdata/trace-timeout.out");
const TRACE_CUT_SHORT: &str = include_str!("testdata/trace-cut-short.out");

#[test]
fn verified_output_has_no_errors() {
    assert_eq!(parse_output(VERIFIED), Ok(vec![]));
}

#[test]
fn noise_is_filtered_for_both_z3_versions() {
    for out in [VERIFIED, RELATED, RELATED_Z3_4_12, SEVERAL, TIMEOUT] {
        assert!(out.contains("model_compress"));
        let clean = without_noise(out);
        assert!(!clean.contains("model_compress"), "{clean}");
        assert!(!clean.contains("Legal parameters"), "{clean}");
        assert!(!clean.contains("(default:"), "{clean}");
    }
    assert_eq!(
        without_noise(VERIFIED).trim(),
        "Boogie program verifier finished with 2 verified, 0 errors"
    );
    // Trace lines and other indented lines stay.
    assert!(without_noise(SEVERAL).contains("    program.bpl(5,3): anon0"));
}

#[test]
fn precondition_error_has_its_related_location() {
    let expected = vec![BoogieError {
        code: BoogieCode::Precondition,
        at: lc(8, 3),
        message: "A precondition for this call might not hold.".into(),
        related: vec![lc(2, 3)],
    }];
    assert_eq!(parse_output(RELATED), Ok(expected.clone()));
    assert_eq!(parse_output(RELATED_Z3_4_12), Ok(expected));
}

#[test]
fn several_errors_in_order() {
    let errors = parse_output(SEVERAL).unwrap();
    let got: Vec<(BoogieCode, LineCol, Vec<LineCol>)> = errors
        .iter()
        .map(|e| (e.code.clone(), e.at, e.related.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (BoogieCode::Assertion, lc(5, 3), vec![]),
            // Both postconditions fail on the `return` at 6:24, the second one first.
            (BoogieCode::Postcondition, lc(6, 24), vec![lc(3, 3)]),
            (BoogieCode::Postcondition, lc(6, 24), vec![lc(2, 3)]),
            (BoogieCode::InvariantEntry, lc(17, 5), vec![]),
            (BoogieCode::InvariantMaintained, lc(17, 5), vec![]),
            (BoogieCode::Assertion, lc(23, 23), vec![]),
        ]
    );
    assert_eq!(
        errors[4].message,
        "This loop invariant might not be maintained by the loop."
    );
}

#[test]
fn msg_attribute_error_has_no_position() {
    assert_eq!(
        parse_output(MSG),
        Ok(vec![BoogieError {
            code: BoogieCode::Other(String::new()),
            at: lc(0, 0),
            message: "x must be positive".into(),
            related: vec![],
        }])
    );
    // On `requires`/`ensures`, Boogie puts `Error: ` before the text.
    let out = "Error: post fails\nExecution trace:\n    program.bpl(4,5): anon0\n\n\
               Boogie program verifier finished with 0 verified, 1 error\n";
    assert_eq!(parse_output(out).unwrap()[0].message, "post fails");
}

#[test]
fn input_errors_give_no_verdict() {
    for (out, line) in [
        (PARSE, "program.bpl(3,3): error: \";\" expected"),
        (
            TYPE,
            "program.bpl(3,2): Error: mismatched types in assignment command (cannot assign int to bool)",
        ),
        (RESOLVE, "program.bpl(3,2): Error: call to undeclared procedure: Q"),
    ] {
        match parse_output(out) {
            Err(NoVerdict::Failed(m)) => {
                assert!(m.contains(line), "{m}");
                assert!(m.contains("errors detected in program.bpl"), "{m}");
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn timeouts_and_inconclusive_results_give_no_verdict() {
    assert_eq!(
        parse_output(TIMEOUT),
        Err(NoVerdict::TimedOut(vec!["Hard".to_string()]))
    );
    match parse_output(RESOURCE) {
        Err(NoVerdict::Failed(m)) => {
            assert!(m.contains("Verification out of resource (Hard)"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    let inconclusive = "program.bpl(6,11): Verification inconclusive (Hard)\n\
                        Boogie program verifier finished with 1 verified, 0 errors, 1 inconclusive\n";
    assert!(matches!(
        parse_output(inconclusive),
        Err(NoVerdict::Failed(_))
    ));
    // The summary alone is enough.
    let summary_only = "Boogie program verifier finished with 1 verified, 0 errors, 2 time outs\n";
    assert_eq!(parse_output(summary_only), Err(NoVerdict::TimedOut(vec![])));
}

#[test]
fn odd_outputs_give_no_verdict() {
    // Nothing, an unknown line, another prover error, a count that does not add up, an
    // unknown summary part.
    let summary = "Boogie program verifier finished with 1 verified, 0 errors\n";
    for out in [
        String::new(),
        "Error opening file \"program.bpl\": Could not find file\n".to_string(),
        format!("Prover error: line 3 column 1: invalid command\n{summary}"),
        format!("something unexpected\n{summary}"),
        "Boogie program verifier finished with 0 verified, 2 errors\n".to_string(),
        "Boogie program verifier finished with 1 verified, 0 errors, 1 surprise\n".to_string(),
    ] {
        assert!(
            matches!(parse_output(&out), Err(NoVerdict::Failed(_))),
            "{out}"
        );
    }
    // A warning does not spoil a verdict.
    let warned = format!("program.bpl(2,1): Warning: unknown attribute\n{summary}");
    assert_eq!(parse_output(&warned), Ok(vec![]));
}

#[test]
fn verdict_turns_no_verdict_into_backend_errors() {
    assert_eq!(verdict(VERIFIED, "", Some(0), 9), Ok(vec![]));
    assert_eq!(
        verdict(TIMEOUT, "", Some(0), 9),
        Err(BackendError::Timeout {
            after: Duration::from_secs(9),
            unfinished: vec!["Hard".to_string()]
        })
    );
    match verdict(PARSE, "", Some(0), 9) {
        Err(BackendError::Crashed {
            status: Some(0),
            output,
        }) => assert!(output.contains("\";\" expected"), "{output}"),
        other => panic!("{other:?}"),
    }
    // A crash: Mono's unhandled exception on stderr, exit 1, nothing on stdout.
    match verdict("", CRASH_STDERR, Some(1), 9) {
        Err(BackendError::Crashed {
            status: Some(1),
            output,
        }) => assert!(output.contains("FATAL UNHANDLED EXCEPTION"), "{output}"),
        other => panic!("{other:?}"),
    }
    // A verdict with a non-zero exit is not trusted; the noise is gone from the output.
    match verdict(VERIFIED, "", None, 9) {
        Err(BackendError::Crashed {
            status: None,
            output,
        }) => {
            assert!(!output.contains("model_compress"), "{output}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn trace_lines_are_read_and_a_procedure_cut_short_has_no_verdict() {
    // `/trace`'s lines are no unknown output.
    let errors = parse_output(TRACE_ERRORS).unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].at, lc(9, 3));
    // The prover's timed step, as a long Calvin-R program shows it.
    let linearising = TRACE_ERRORS.replace(
        "\nVerifying q ...\n",
        "\nVerifying q ...\nLinearising   [1.089328 s]\n",
    );
    assert_ne!(linearising, TRACE_ERRORS);
    assert_eq!(parse_output(&linearising), Ok(errors));
    assert!(parse_output(
        "Linearising fast\nBoogie program verifier finished with 1 verified, 0 errors\n"
    )
    .is_err());
    assert_eq!(
        parse_output(TRACE_TIMEOUT),
        Err(NoVerdict::TimedOut(vec!["p".to_string()]))
    );
    // Boogie calls the cut-short procedure's outcome `errors`, with its asserts as
    // errors; only the time (3.5 s of a 3 s limit) says it did not finish.
    assert_eq!(parse_output(TRACE_CUT_SHORT).map(|e| e.len()), Ok(2));
    assert_eq!(parse::ran_out_of_time(TRACE_CUT_SHORT, 3), ["p"]);
    assert_eq!(
        verdict(TRACE_CUT_SHORT, "", Some(0), 3),
        Err(BackendError::Timeout {
            after: Duration::from_secs(3),
            unfinished: vec!["p".to_string()]
        })
    );
    // With room to spare, the same output is a verdict; a verified procedure is one
    // however long it took.
    assert_eq!(
        verdict(TRACE_CUT_SHORT, "", Some(0), 4).map(|e| e.len()),
        Ok(2)
    );
    assert!(parse::ran_out_of_time(TRACE_ERRORS, 0).contains(&"q".to_string()));
    assert!(!parse::ran_out_of_time(TRACE_ERRORS, 0).contains(&"p".to_string()));
}

#[test]
fn time_limit_leaves_room_before_the_timeout() {
    assert_eq!(time_limit(Duration::from_secs(600)), 540);
    assert_eq!(time_limit(Duration::from_secs(10)), 7);
    assert_eq!(time_limit(Duration::from_secs(6)), 3);
    assert_eq!(time_limit(Duration::from_secs(1)), 1);
    assert_eq!(time_limit(Duration::from_millis(300)), 1);
}

// Runs of the real Boogie (about 0.3 s each). They are skipped, with a note, only where
// Boogie is missing and cannot be installed.

fn boogie() -> Option<std::path::PathBuf> {
    match ensure_boogie() {
        Ok(p) => Some(p),
        Err(e @ BackendError::Missing { .. }) => {
            eprintln!("skipped: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

fn opts() -> RunOptions {
    RunOptions {
        timeout: Duration::from_secs(60),
        seed: None,
        cache: false,
        warm: true,
        counterexample: false,
    }
}

#[test]
fn real_boogie_verifies() {
    let Some(b) = boogie() else { return };
    let text = "procedure Inc(x: int) returns (y: int)\n  requires x > 0;\n  ensures y > x;\n{\n  y := x + 1;\n}\n";
    let v = run_with(&b, text, &opts()).unwrap();
    assert_eq!(v.errors, vec![]);
}

#[test]
fn real_boogie_reports_an_assertion_at_its_line() {
    let Some(b) = boogie() else { return };
    let text = "procedure P(x: int)\n{\n  var y: int;\n  y := x;\n  assert y > 0;\n}\n";
    let v = run_with(&b, text, &opts()).unwrap();
    assert_eq!(
        v.errors,
        vec![BoogieError {
            code: BoogieCode::Assertion,
            at: lc(5, 3),
            message: "This assertion might not hold.".into(),
            related: vec![],
        }]
    );
}

#[test]
fn real_boogie_syntax_error_is_a_crash() {
    let Some(b) = boogie() else { return };
    let text = "procedure P() {\n  var x: int\n  x := 1;\n}\n";
    match run_with(&b, text, &opts()) {
        Err(BackendError::Crashed { output, .. }) => {
            assert!(
                output.contains("program.bpl(3,3): error: \";\" expected"),
                "{output}"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn real_boogie_is_killed_at_the_timeout() {
    let Some(b) = boogie() else { return };
    // A matching loop that keeps Z3 busy past the 1 s timeout (per-procedure limit 1 s
    // too; whichever comes first, it is a timeout).
    let text = "function f(x: int): int;\nfunction g(x: int): int;\n\
                axiom (forall x: int :: {f(x)} f(x) == g(f(x + 1)) + 1);\n\
                axiom (forall x: int :: {g(x)} g(x) == f(g(x) - 1));\n\
                procedure Hard(a: int) { assert f(a) == 7; }\n";
    let started = Instant::now();
    let r = run_with(
        &b,
        text,
        &RunOptions {
            timeout: Duration::from_secs(1),
            seed: None,
            cache: false,
            warm: true,
            counterexample: false,
        },
    );
    assert!(matches!(r, Err(BackendError::Timeout { .. })), "{r:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn real_boogie_cut_short_after_a_refute_is_a_timeout() {
    let Some(b) = boogie() else { return };
    // The refute's `assert false` fails at once; the next query, a cube sum equal to 33
    // (whose smallest solution has 17-digit numbers), cannot end in the 5 s limit. Boogie
    // reports both as errors, as if it had finished: read as "verified" apart from the
    // refute, were it not for the time.
    let text = "procedure P(a: int, b: int, c: int, k: bool)\n{\n  \
                if (k) { assert false; assume false; }\n  \
                assert a*a*a + b*b*b + c*c*c != 33;\n}\n";
    let r = run_with(
        &b,
        text,
        &RunOptions {
            timeout: Duration::from_secs(8),
            seed: None,
            cache: false,
            warm: true,
            counterexample: false,
        },
    );
    assert!(
        matches!(&r, Err(BackendError::Timeout { unfinished, .. }) if unfinished == &["P"]),
        "{r:?}"
    );
}

#[test]
fn a_killed_run_names_the_procedures_with_bodies() {
    let text = "procedure Env(tid: int);\n  modifies Heap;\n\nprocedure C__m(this: Ref)\n  modifies Heap, Mask;\n{\n  assert true;\n}\n\nprocedure Havoc(x: int)\n  ensures x > 0;\n\nprocedure C__n(this: Ref) returns (weft_result: int, $x: int)\n{\n}\n\nprocedure weft_check()\n{\n}\n";
    // A procedure is weft's own by its name, not by its results' names.
    assert_eq!(super::procedures_with_bodies(text), ["C__m", "C__n"]);
    // What a killed run had shown finished.
    assert_eq!(parse::finished(TRACE_ERRORS), ["p", "q"]);
    assert_eq!(parse::finished(TRACE_TIMEOUT), ["p"]);
    assert!(parse::finished(VERIFIED).is_empty());
}
