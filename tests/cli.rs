//! The `weft` binary: exit codes, JSON output, `emit`, and a backend that
//! cannot give a verdict.

use std::process::{Command, Output};

/// Runs weft; `verify` and `test` ask the backend every time (`--no-cache`), as every
/// test here is about a backend run, but the cache's own test.
fn weft(args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weft"));
    match args.split_first() {
        Some((sub, rest)) if *sub == "verify" || *sub == "test" => {
            cmd.arg(sub).arg("--no-cache").args(rest)
        }
        _ => cmd.args(args),
    };
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("weft runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A copy of a test program without its expectation markers (blanked, so lines and columns
/// stay), for `weft verify` to report the failures the markers would expect.
fn unmarked(path: &str) -> tempfile::TempPath {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("test program");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("/*[/") {
        let len = rest[i..].find("]*/").expect("closed marker") + 3;
        out.push_str(&rest[..i]);
        out.push_str(&" ".repeat(len));
        rest = &rest[i + len..];
    }
    out.push_str(rest);
    let suffix = if path.ends_with(".java") {
        ".java"
    } else {
        ".pvl"
    };
    let mut f = tempfile::Builder::new()
        .suffix(suffix)
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(&mut f, out.as_bytes()).expect("written");
    f.into_temp_path()
}

fn path_str(p: &tempfile::TempPath) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

#[test]
fn met_expectations_verify_and_unmet_ones_fail() {
    let out = weft(&["verify", "tests/cases/fail/post_failed_false.pvl"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The region expects a failure the program does not have: the region is the failure.
    let mut f = tempfile::Builder::new()
        .suffix(".pvl")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(
        &mut f,
        b"class C {\n  void m() {\n    [/expect assertFailed]\n    assert 1 + 1 == 2;\n    [/end]\n  }\n}\n",
    )
    .expect("written");
    let file = f.into_temp_path();
    let out = weft(&["verify", "--format", "json", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    assert_eq!(r["failures"][0]["code"], "notTripped", "{r}");
    assert_eq!(r["failures"][0]["line"], 3, "{r}");
}

/// Boogie names the method's end as related location of a failed
/// postcondition too, as Silicon does.
#[test]
fn boogie_failed_postcondition_points_at_the_method_end() {
    let file = unmarked("tests/cases/fail/post_failed_false.pvl");
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        path_str(&file),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    assert_eq!(r["failures"][0]["code"], "postFailed:false", "{r}");
    assert_eq!(r["failures"][0]["line"], 7, "{r}");
    assert_eq!(r["failures"][0]["related"][0]["line"], 11, "{r}");
    assert_eq!(
        r["failures"][0]["related"][0]["message"],
        "the method returns here"
    );
}

#[test]
fn a_permission_failure_says_what_the_contract_gives() {
    // `context Perm(f, 1\2)` on line 5, `f = 1;` on line 8; on both backends.
    let file = unmarked("src/diag/explain/assignFieldFailed.pvl");
    for backend in ["silicon", "boogie"] {
        let out = weft(&[
            "verify",
            "--backend",
            backend,
            "--format",
            "json",
            path_str(&file),
        ]);
        assert_eq!(out.status.code(), Some(1));
        let r = json(&out);
        let f = &r["failures"][0];
        assert_eq!(f["code"], "assignFieldFailed", "{r}");
        assert_eq!(f["line"], 8, "{r}");
        let message = f["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("the method's contract gives `1\\2` of `f`")
                && message.contains("writing needs `1`"),
            "{backend}: {message}"
        );
        assert_eq!(f["related"][0]["line"], 5, "{r}");
    }
    // Java, as the contract writes the amount.
    let file = unmarked("tests/cases/java/fail/AssignFieldFailed.java");
    let out = weft(&["verify", "--format", "json", path_str(&file)]);
    let r = json(&out);
    let message = r["failures"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("gives `1/2` of `f`"), "{message}");
    // Another object's field than the one the contract names: no hint.
    let dir = tempfile::tempdir().expect("temp dir");
    let other = dir.path().join("other.pvl");
    let text =
        "class C {\n  int x;\n  requires Perm(x, 1\\2);\n  void m(C o) {\n    o.x = 1;\n  }\n}\n";
    std::fs::write(&other, text).expect("written");
    let out = weft(&[
        "verify",
        "--format",
        "json",
        other.to_str().expect("utf-8 path"),
    ]);
    let r = json(&out);
    assert_eq!(r["failures"][0]["line"], 5, "{r}");
    let message = r["failures"][0]["message"].as_str().unwrap_or_default();
    assert!(!message.contains("contract gives"), "{message}");
}

#[test]
fn both_backends_blame_the_sequence_index_that_may_be_out_of_range() {
    // `examples/core/stack.pvl`'s pop without `requires |contents| > 0`: the
    // postcondition's `\old(contents.head)` (line 5, column 27) may index an
    // empty sequence; both backends name that read, not the clause.
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("pop.pvl");
    let text = "class Stack {\n  seq<int> contents;\n\n  context Perm(contents, write);\n  ensures \\result == \\old(contents.head);\n  int pop() {\n    return contents.head;\n  }\n}\n";
    std::fs::write(&file, text).expect("written");
    for backend in ["silicon", "boogie"] {
        let path = file.to_str().expect("utf-8 path");
        let out = weft(&["verify", "--backend", backend, "--format", "json", path]);
        assert_eq!(out.status.code(), Some(1));
        let r = json(&out);
        let f = &r["failures"][0];
        assert_eq!(f["code"], "indexExceedsLength", "{backend}: {r}");
        assert_eq!(
            (f["line"].as_u64(), f["column"].as_u64()),
            (Some(5), Some(27)),
            "{backend}: {r}"
        );
    }
}

#[test]
fn verified_program_exits_0() {
    let out = weft(&["verify", "examples/core/counter.pvl"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn failure_exits_1_with_code_and_line_in_json() {
    let file = unmarked("tests/cases/fail/post_failed_false.pvl");
    let out = weft(&["verify", "--format", "json", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    assert_eq!(r["verdict"], "failed");
    assert_eq!(r["backend"], "silicon");
    let failures = r["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{r}");
    assert_eq!(failures[0]["code"], "postFailed:false");
    assert_eq!(failures[0]["line"], 7);
    assert_eq!(failures[0]["file"], path_str(&file));
    // The related location: the method's closing brace.
    assert_eq!(failures[0]["related"][0]["line"], 11, "{r}");
    assert_eq!(
        failures[0]["related"][0]["message"],
        "the method returns here"
    );
    // The failing state: `x = x + 1` from 0 (Silicon's model of this run).
    let model: Vec<(String, String)> = (failures[0]["counterexample"].as_array())
        .unwrap_or_else(|| panic!("a counterexample: {r}"))
        .iter()
        .map(|v| {
            (
                v["name"].as_str().unwrap().into(),
                v["value"].as_str().unwrap().into(),
            )
        })
        .collect();
    let value = |n: &str| model.iter().find(|(m, _)| m == n).map(|(_, v)| v.as_str());
    let (now, before) = (value("this.x"), value("\\old(this.x)"));
    let now: i64 = now.expect("this.x").parse().unwrap();
    let before: i64 = before.expect("\\old(this.x)").parse().unwrap();
    assert_eq!(now, before + 1, "{model:?}");
    // And none with --no-counterexample.
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "--no-counterexample",
        path_str(&file),
    ]);
    assert!(json(&out)["failures"][0].get("counterexample").is_none());
}

/// A temporary `.pvl` file holding `text`.
fn program_file(text: &str) -> tempfile::TempPath {
    let mut f = tempfile::Builder::new()
        .suffix(".pvl")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(&mut f, text.as_bytes()).expect("written");
    f.into_temp_path()
}

/// A failure's counterexample as (name, value) pairs.
fn counterexample(failure: &serde_json::Value) -> Vec<(String, String)> {
    (failure["counterexample"].as_array())
        .unwrap_or_else(|| panic!("a counterexample: {failure}"))
        .iter()
        .map(|v| {
            (
                v["name"].as_str().unwrap().into(),
                v["value"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[test]
fn boogie_failure_has_a_counterexample_unless_told_not_to() {
    let file = program_file(
        "class C {\n  int f;\n\n  requires x > 3;\n  ensures \\result == 4;\n  int m(int x) { return x; }\n\n  \
         requires Perm(f, write);\n  ensures Perm(f, write) ** f == \\old(f) + 2;\n  void inc() { f = f + 1; }\n}\n",
    );
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        path_str(&file),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    let failures = r["failures"].as_array().expect("failures");
    assert_eq!(failures.len(), 2, "{r}");
    let at = |line: u64| {
        (failures.iter())
            .find(|f| f["line"] == line)
            .unwrap_or_else(|| panic!("a failure at line {line}: {r}"))
    };
    // `m`: the parameter in a state where `x > 3` holds and `x == 4` does not.
    let model = counterexample(at(5));
    let value = |m: &[(String, String)], n: &str| {
        (m.iter().find(|(name, _)| name == n))
            .unwrap_or_else(|| panic!("{n} in {m:?}"))
            .1
            .parse::<i64>()
            .unwrap_or_else(|e| panic!("{n} is an integer in {m:?}: {e}"))
    };
    let x = value(&model, "x");
    assert!(x > 3 && x != 4, "{model:?}");
    // `inc`: the field one up from its entry value (the write it reads).
    let model = counterexample(at(9));
    let (now, before) = (value(&model, "this.f"), value(&model, "\\old(this.f)"));
    assert_eq!(now, before + 1, "{model:?}");
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        "--no-counterexample",
        path_str(&file),
    ]);
    let r = json(&out);
    let failures = r["failures"].as_array().expect("failures");
    assert_eq!(failures.len(), 2, "{r}");
    assert!(
        failures.iter().all(|f| f.get("counterexample").is_none()),
        "{r}"
    );
}

#[test]
fn input_error_exits_2_without_running_a_backend() {
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "tests/cases/errors/mismatch_condition.pvl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let r = json(&out);
    assert_eq!(r["verdict"], "error");
    assert_eq!(r["errors"][0]["code"], "typeError:mismatch");
    assert_eq!(r["errors"][0]["line"], 5);
    assert_eq!(r["errors"][0]["column"], 41);
}

#[test]
fn an_input_that_declares_nothing_is_not_called_verified() {
    let mut f = tempfile::Builder::new()
        .suffix(".pvl")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(&mut f, b"// only a comment\n").expect("written");
    let path = f.into_temp_path();
    // No backend is needed for it: none is on the PATH.
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(["verify", "--no-cache", path_str(&path)])
        .env("PATH", "/nonexistent")
        .output()
        .expect("weft runs");
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nothing to verify"), "{err}");
    assert!(!err.contains("verified"), "{err}");
}

#[test]
fn unreadable_file_exits_2() {
    let out = weft(&["verify", "no/such/file.pvl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn timeout_exits_3_and_says_so() {
    let out = weft(&["verify", "--timeout", "0", "examples/core/counter.pvl"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("timed out"), "{err}");
    assert!(!err.contains("verified"), "{err}");
}

#[test]
fn missing_java_exits_3_with_the_fix() {
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(["verify", "--no-cache", "examples/core/counter.pvl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", "/nonexistent")
        .output()
        .expect("weft runs");
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Java"), "{err}");
}

#[test]
fn emit_prints_silver() {
    let out = weft(&["emit", "--to", "silver", "examples/core/counter.pvl"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("method Counter__increment(this: Ref)"),
        "{text}"
    );
    assert!(text.contains("field Counter__x: Int"), "{text}");
}

#[test]
fn test_command_checks_markers() {
    let out = weft(&[
        "test",
        "tests/cases/fail/div_by_zero.pvl",
        "tests/cases/errors",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("passed, 0 failed"));
}

#[test]
fn failed_precondition_points_at_the_callee_clause() {
    let file = unmarked("tests/cases/fail/pre_failed_false.pvl");
    let out = weft(&["verify", "--format", "json", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    let f = &r["failures"][0];
    assert_eq!(f["code"], "preFailed:false");
    assert_eq!(f["line"], 10);
    assert_eq!(f["related"][0]["line"], 3, "{r}");
}

#[test]
fn a_failure_in_a_copy_of_a_member_says_which_copy() {
    let file = unmarked("tests/cases/java/fail/CopyOfInstanceFails.java");
    for backend in ["silicon", "boogie"] {
        let out = weft(&[
            "verify",
            "--backend",
            backend,
            "--format",
            "json",
            path_str(&file),
        ]);
        assert_eq!(out.status.code(), Some(1), "{backend}");
        let r = json(&out);
        let f = &r["failures"][0];
        assert_eq!(f["code"], "assertFailed:false", "{backend}: {r}");
        assert_eq!(f["line"], 13, "{backend}: {r}");
        // The instance for `true`, where it is first used.
        assert_eq!(f["related"][0]["line"], 21, "{backend}: {r}");
    }
}

#[test]
fn completion_scripts_know_the_commands_and_flags() {
    for shell in ["bash", "zsh", "fish"] {
        let out = weft(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(
            script.contains("verify") && script.contains("dump-after") && script.contains("quiet"),
            "{shell}: {script}"
        );
    }
}

#[test]
fn quiet_prints_only_diagnostics_and_colour_is_as_told() {
    let ok = weft(&["verify", "--quiet", "examples/core/counter.pvl"]);
    assert_eq!(ok.status.code(), Some(0));
    assert!(ok.stderr.is_empty() && ok.stdout.is_empty(), "{ok:?}");
    let file = unmarked("tests/cases/fail/pre_failed_false.pvl");
    let coloured = weft(&["verify", "-q", "--color", "always", path_str(&file)]);
    assert_eq!(coloured.status.code(), Some(1));
    let text = String::from_utf8_lossy(&coloured.stderr);
    assert!(
        text.contains("\x1b[") && text.contains("preFailed:false"),
        "{text}"
    );
    assert!(!text.contains("verification failure(s)"), "{text}");
    let plain = weft(&["verify", "--color", "never", path_str(&file)]);
    let text = String::from_utf8_lossy(&plain.stderr);
    assert!(
        !text.contains('\x1b') && text.contains("1 verification failure(s)"),
        "{text}"
    );
}

#[test]
fn boogie_backend_verifies_and_fails_like_silicon() {
    let out = weft(&["verify", "--backend", "boogie", "examples/core/counter.pvl"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = unmarked("tests/cases/fail/pre_failed_false.pvl");
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        path_str(&file),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let r = json(&out);
    assert_eq!(r["backend"], "boogie");
    let f = &r["failures"][0];
    assert_eq!(f["code"], "preFailed:false");
    assert_eq!(f["line"], 10);
    assert_eq!(f["related"][0]["line"], 3, "{r}");
}

#[test]
fn emit_prints_boogie() {
    let out = weft(&["emit", "--to", "boogie", "examples/core/counter.pvl"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("procedure Counter__increment(this: Ref)"),
        "{text}"
    );
    assert!(
        text.contains("const unique Counter__x: Field int;"),
        "{text}"
    );
    assert!(text.contains("var Mask: MaskType;"), "{text}");
}

#[test]
fn missing_boogie_exits_3_with_the_fix() {
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args([
            "verify",
            "--no-cache",
            "--backend",
            "boogie",
            "examples/core/counter.pvl",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("WEFT_BOOGIE", "/nonexistent/boogie")
        .output()
        .expect("weft runs");
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Boogie"), "{err}");
}

#[test]
fn files_of_a_run_may_each_declare_a_class_or_procedure_of_one_name() {
    // Each file's `Account` is its own class; a file without one sees the first.
    let out = weft(&[
        "verify",
        "tests/multi/account_methods.pvl",
        "tests/multi/account_fields.pvl",
        "tests/multi/account_client.pvl",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The client sees account_methods.pvl's Account when that file comes first (its
    // `deposit` exists), and account_fields.pvl's when that one does (no `deposit`).
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "tests/multi/account_fields.pvl",
        "tests/multi/account_client.pvl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let r = json(&out);
    assert_eq!(r["errors"][0]["code"], "resolutionError:undeclared", "{r}");
    assert_eq!(
        r["errors"][0]["file"], "tests/multi/account_client.pvl",
        "{r}"
    );
    // Global procedures likewise: each file's calls of `halve` mean its own (the exact
    // one's precondition holds in its file only).
    for backend in ["silicon", "boogie"] {
        let out = weft(&[
            "verify",
            "--backend",
            backend,
            "tests/multi/halve_floor.pvl",
            "tests/multi/halve_exact.pvl",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{backend}: {err}");
    }
    // Within one file a class name is declared once.
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "tests/multi/account_twice.pvl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let r = json(&out);
    assert_eq!(r["errors"][0]["code"], "resolutionError:duplicate", "{r}");
    assert_eq!(r["errors"][0]["line"], 7, "{r}");
}

#[test]
fn a_class_of_another_package_needs_an_import_even_when_its_file_is_given() {
    // Given together, `shapes.Square` is still not seen from `shapes.client` without an
    // import (alone, NoImport.java's package folder has no Square.java either).
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "tests/cases/java/packages/shapes/Square.java",
        "tests/cases/java/packages/shapes/client/NoImport.java",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let r = json(&out);
    assert_eq!(r["errors"][0]["code"], "resolutionError:undeclared", "{r}");
    assert_eq!(r["errors"][0]["line"], 9, "{r}");
}

#[test]
fn deeply_nested_input_does_not_crash_the_front_end() {
    // Nesting within the bound (syntax::nesting::LIMIT) goes through every stage; past it,
    // 100 000 parentheses, negations or differences are a parse error at the token that
    // went too deep, never a stack overflow. A run of one associative operator is no
    // nesting at all: it is built as a balanced tree.
    let deep = |n: usize| {
        [
            format!("int x = {}1{};", "(".repeat(n), ")".repeat(n)),
            format!("boolean b = {}true;", "!".repeat(n)),
            format!("int d = {};", vec!["1"; n].join("-")),
        ]
    };
    let long = |n: usize| {
        [
            format!("int s = {}; assert s == {n};", vec!["1"; n].join("+")),
            format!("boolean c = {}; assert c;", vec!["true"; n].join(" && ")),
            format!("int p = 2 * {}; assert p == 2;", vec!["1"; n].join("*")),
        ]
    };
    let run = |args: &[&str], body: &str| {
        let mut f = tempfile::Builder::new()
            .suffix(".pvl")
            .tempfile()
            .expect("temp file");
        let text = format!("class C {{\n void m() {{ {body} }} }}\n");
        std::io::Write::write_all(&mut f, text.as_bytes()).expect("written");
        let file = f.into_temp_path();
        let mut args = args.to_vec();
        args.push(path_str(&file));
        weft(&args)
    };
    for body in deep(1_000).into_iter().chain(long(100_000)) {
        for to in ["silver", "boogie"] {
            let out = run(&["emit", "--to", to], &body);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{err}");
        }
    }
    for body in deep(100_000) {
        // An input error: no backend runs.
        let out = run(&["verify", "--format", "json"], &body);
        assert_eq!(out.status.code(), Some(2));
        let r = json(&out);
        assert_eq!(r["errors"][0]["code"], "parseError", "{r}");
        assert_eq!(r["errors"][0]["line"], 2, "{r}");
        let message = r["errors"][0]["message"].as_str().unwrap_or_default();
        assert!(message.contains("nesting too deep"), "{message}");
    }
    // The sum is verified, not only emitted; and its value is checked (a wrong one fails).
    let sum = &long(100_000)[0];
    let out = run(&["verify", "--backend", "boogie"], sum);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wrong = sum.replace("s == 100000", "s == 99999");
    let out = run(&["verify", "--backend", "boogie"], &wrong);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A program that keeps the solver busy (a matching loop that makes new terms forever).
const BUSY: &str = "pure int f(int i);\npure int g(int i);\n\n\
    requires (\\forall int i; {:f(i):} == g(f(i + 1)) + 1);\n\
    requires (\\forall int i; {:g(i):} == f(g(i) - 1));\n\
    void m() {\n  assert f(0) == 7;\n}\n";

/// The processes whose working folder is under `dir` (a backend's and its solvers'),
/// waiting up to 3 s for killed ones to go; zombies are gone already.
fn survivors_under(dir: &std::path::Path) -> Vec<String> {
    let scan = || {
        let mut alive = Vec::new();
        for p in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(cwd) = std::fs::read_link(p.path().join("cwd")) else {
                continue;
            };
            let stat = std::fs::read_to_string(p.path().join("stat")).unwrap_or_default();
            let zombie = stat
                .rsplit(')')
                .next()
                .is_some_and(|s| s.trim_start().starts_with('Z'));
            if cwd.starts_with(dir) && !zombie {
                let cmd = std::fs::read_to_string(p.path().join("cmdline")).unwrap_or_default();
                alive.push(format!(
                    "{}: {}",
                    p.file_name().to_string_lossy(),
                    cmd.replace('\0', " ")
                ));
            }
        }
        alive
    };
    for _ in 0..30 {
        let alive = scan();
        if alive.is_empty() {
            return alive;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    scan()
}

/// Runs weft on [`BUSY`] with its temporary folders under a fresh folder; `stop` ends it.
fn busy_run(
    backend: &str,
    stop: impl FnOnce(&mut std::process::Child),
) -> (Output, tempfile::TempDir) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let file = tmp.path().join("busy.pvl");
    std::fs::write(&file, BUSY).expect("written");
    let work = tmp.path().join("work");
    std::fs::create_dir(&work).expect("work dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args([
            "verify",
            "--no-cache",
            "--backend",
            backend,
            "--timeout",
            "6",
        ])
        .arg(&file)
        .env("TMPDIR", &work)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("weft runs");
    stop(&mut child);
    (child.wait_with_output().expect("weft ends"), tmp)
}

#[test]
fn no_solver_survives_a_timeout() {
    for backend in ["silicon", "boogie"] {
        let (out, tmp) = busy_run(backend, |_| {});
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{backend}: {err}");
        assert!(err.contains("timed out"), "{backend}: {err}");
        // The timeout names the member it was verifying, as the source names it
        // (under load, also members it had not reached yet).
        let unfinished = err
            .split_once("before it finished ")
            .and_then(|(_, rest)| rest.split_once(';'))
            .map(|(list, _)| list.split(", ").collect::<Vec<_>>());
        assert!(
            unfinished.is_some_and(|l| l.contains(&"m")),
            "{backend}: {err}"
        );
        let work = tmp.path().join("work");
        assert_eq!(survivors_under(&work), Vec::<String>::new(), "{backend}");
        let left: Vec<_> = std::fs::read_dir(&work).expect("work dir").collect();
        assert!(left.is_empty(), "{backend}: left behind {left:?}");
    }
}

#[test]
fn no_solver_survives_a_sigterm() {
    let (out, tmp) = busy_run("silicon", |child| {
        // Long enough for the JVM to have started Z3 on the loop.
        std::thread::sleep(std::time::Duration::from_secs(4));
        let pid = child.id().to_string();
        let killed = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(killed.is_ok_and(|s| s.success()));
    });
    assert_eq!(
        out.status.code(),
        Some(128 + 15),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let work = tmp.path().join("work");
    assert_eq!(survivors_under(&work), Vec::<String>::new());
    let left: Vec<_> = std::fs::read_dir(&work).expect("work dir").collect();
    assert!(left.is_empty(), "left behind {left:?}");
}

#[test]
fn files_that_do_not_use_each_other_are_verified_on_their_own() {
    // The verdict of a file does not depend on the unrelated files of its run: together
    // with two verified examples, stray_assert.pvl fails where it fails alone, and only there.
    let alone = weft(&["verify", "--format", "json", "tests/multi/stray_assert.pvl"]);
    let together = weft(&[
        "verify",
        "--format",
        "json",
        "examples/core/counter.pvl",
        "tests/multi/stray_assert.pvl",
        "examples/core/arith.pvl",
    ]);
    for out in [&alone, &together] {
        assert_eq!(out.status.code(), Some(1));
        let r = json(out);
        let failures = r["failures"].as_array().expect("failures");
        assert_eq!(failures.len(), 1, "{r}");
        assert_eq!(failures[0]["file"], "tests/multi/stray_assert.pvl", "{r}");
        assert_eq!(failures[0]["line"], 5, "{r}");
        assert_eq!(failures[0]["code"], "assertFailed:false", "{r}");
    }
}

#[test]
fn test_on_a_path_with_no_program_is_an_input_error() {
    for (path, says) in [
        ("tests/no-such-folder", "does not exist"),
        ("README.md", "holds no .pvl or .java file"),
    ] {
        let out = weft(&["test", path]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_seed_changes_the_order_not_the_verdict() {
    // --seed shuffles the declarations and seeds the solver (benches/stability.sh).
    for seed in ["1", "2"] {
        let out = weft(&[
            "verify",
            "--backend",
            "boogie",
            "--seed",
            seed,
            "--format",
            "json",
            "tests/multi/stray_assert.pvl",
        ]);
        assert_eq!(out.status.code(), Some(1));
        let r = json(&out);
        assert_eq!(r["failures"][0]["line"], 5, "{r}");
    }
}

#[test]
fn an_unchanged_program_is_answered_from_the_cache_and_no_cache_asks_again() {
    // A program no other run has sent (its comment is unique), so the first run misses.
    let tmp = tempfile::tempdir().expect("temp dir");
    let file = tmp.path().join("cached.pvl");
    let unique = format!(
        "// {:?} {}\n",
        std::time::SystemTime::now(),
        std::process::id()
    );
    std::fs::write(
        &file,
        format!("{unique}class C {{ int x; requires Perm(x, write); void m() {{ x = 1; assert x == 1; }} }}\n"),
    )
    .expect("written");
    let run = |extra: &[&str], path: &str| {
        Command::new(env!("CARGO_BIN_EXE_weft"))
            .arg("verify")
            .args(extra)
            .arg(&file)
            .env("PATH", path)
            .output()
            .expect("weft runs")
    };
    let path = std::env::var("PATH").unwrap_or_default();
    let first = run(&[], &path);
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // Without Java on PATH Silicon cannot run: only the cache can answer.
    let cached = run(&[], "/nonexistent");
    assert_eq!(
        cached.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&cached.stderr)
    );
    let asked = run(&["--no-cache"], "/nonexistent");
    assert_eq!(
        asked.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&asked.stderr)
    );
}

#[test]
fn json_gives_each_program_and_member_its_time() {
    let out = weft(&[
        "verify",
        "--format",
        "json",
        "examples/core/counter.pvl",
        "examples/core/arith.pvl",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let r = json(&out);
    let programs = r["programs"].as_array().expect("programs");
    // Two files that do not use each other: two programs.
    assert_eq!(programs.len(), 2, "{r}");
    let counter = programs
        .iter()
        .find(|p| p["files"][0] == "examples/core/counter.pvl")
        .expect("counter's program");
    assert_eq!(counter["cached"], false);
    assert!(counter["time_ms"].as_u64().is_some_and(|t| t > 0), "{r}");
    let members: Vec<&str> = counter["members"]
        .as_array()
        .expect("members")
        .iter()
        .filter_map(|m| m["name"].as_str())
        .collect();
    assert!(members.contains(&"Counter.increment"), "{members:?}");
}

#[test]
fn a_seed_does_not_move_a_front_end_error() {
    // The shuffle a seed makes would put the other `x` second; the error stays where
    // the source order puts it.
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let out = weft(&[
            "verify",
            "--format",
            "json",
            "--seed",
            seed,
            "tests/cases/errors/duplicate_field.pvl",
        ]);
        assert_eq!(out.status.code(), Some(2));
        let r = json(&out);
        assert_eq!(r["errors"][0]["code"], "resolutionError:duplicate", "{r}");
        assert_eq!(r["errors"][0]["line"], 5, "seed {seed}: {r}");
    }
}

#[test]
fn dump_after_prints_the_core_program_of_a_pass() {
    let out = weft(&["emit", "--dump-after", "par", "examples/par/vector_add.pvl"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    // The par block is gone: the caller's exhale of every thread's precondition is there.
    assert!(text.contains("(check-exhale parPreFailed:false"), "{text}");
    let par_block = |t: &str| {
        t.lines()
            .any(|l| l.trim_start().starts_with("(par ") || l.trim() == "(par")
    };
    assert!(!par_block(&text), "{text}");
    let before = weft(&[
        "emit",
        "--dump-after",
        "atomics",
        "examples/par/vector_add.pvl",
    ]);
    let before = String::from_utf8_lossy(&before.stdout);
    assert!(par_block(&before) && before.contains("(thread"), "{before}");
    let unknown = weft(&["emit", "--dump-after", "gpu", "examples/par/vector_add.pvl"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr)
        .contains("context_everywhere, exceptions, dyntype, desugar, histories, atomics, par"));
}

#[test]
fn dump_after_a_java_tree_pass_prints_the_syntax_tree() {
    let case = "tests/cases/java/fail/CopyOfInstanceFails.java";
    let stdout = |out: &Output| String::from_utf8_lossy(&out.stdout).into_owned();
    // Before instantiate: the template, its ghost parameter and its uses.
    let before = weft(&["emit", "--dump-after", "binders", case]);
    assert_eq!(before.status.code(), Some(0));
    let before = stdout(&before);
    assert!(
        before.contains("/*@ given boolean strict; @*/\nclass Gate {"),
        "{before}"
    );
    assert!(before.contains("new Gate/*@<true>@*/()"), "{before}");
    // After: an instance per argument list, the parameter replaced by its value.
    let after = weft(&["emit", "--dump-after", "instantiate", case]);
    assert_eq!(after.status.code(), Some(0));
    let after = stdout(&after);
    assert!(after.starts_with("// the syntax tree after the tree step instantiate\n"));
    assert!(
        after.contains("class Gate$true {") && after.contains("class Gate$false {"),
        "{after}"
    );
    assert!(after.contains("Gate$true b = new Gate$true();"), "{after}");
    assert!(after.contains("assert !true;"), "{after}");
    assert!(
        !after.contains("given boolean strict") && !after.contains("/*@<"),
        "{after}"
    );

    // After inherit, the superclass's method is in the subclass, marked as a copy.
    let mut f = tempfile::Builder::new()
        .suffix(".java")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(
        &mut f,
        b"class Base {
            int f;
            /*@ requires Perm(f, 1); ensures Perm(f, 1); @*/
            void bump() { f = f + 1; }
          }
          class Sub extends Base {
            /*@ requires Perm(f, 1); @*/
            void twice() { bump(); }
          }",
    )
    .expect("written");
    let path = f.into_temp_path();
    let out = weft(&["emit", "--dump-after", "inherit", path_str(&path)]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let sub = text.find("class Sub extends Base {").expect("the subclass");
    assert!(
        text[sub..].contains("// inherited: a copy of the superclass's member\n  requires Perm(f, 1);\n  ensures Perm(f, 1);\n  void bump() {"),
        "{text}"
    );

    // An unknown name: the one list, tree steps first.
    let unknown = weft(&["emit", "--dump-after", "gpu", case]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains(
        "the steps, in order: switch, kernel, binders, instantiate, runnable, inherit, csl, ghost, generics, check, lift, loops, explore, calvin_r, calvin, collections, group, refine, context_everywhere, exceptions,"
    ));
}

#[test]
fn the_lowering_is_one_list_and_every_step_of_it_can_be_printed_after() {
    let listed = weft(&["emit", "--list-passes"]);
    assert_eq!(listed.status.code(), Some(0));
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    let steps: Vec<&str> = listed
        .lines()
        .map(|l| l.split_whitespace().next().expect("a name"))
        .collect();
    assert_eq!(steps.first(), Some(&"switch"), "{listed}");
    assert_eq!(steps.last(), Some(&"locks"), "{listed}");
    let at = |s: &str| steps.iter().position(|x| *x == s).expect(s);
    assert!(
        at("ghost") < at("generics") && at("generics") < at("check"),
        "{listed}"
    );
    assert!(
        at("check") < at("explore")
            && at("explore") < at("calvin_r")
            && at("calvin_r") < at("calvin"),
        "{listed}"
    );
    assert!(
        listed.contains("(core, Boogie only, bodies checked first)"),
        "{listed}"
    );
    // Each step's program: a tree step's as source, the rest as core.
    let case = "tests/cases/java/fail/CopyOfInstanceFails.java";
    for &s in &steps {
        let out = weft(&["emit", "--dump-after", s, case]);
        assert_eq!(out.status.code(), Some(0), "{s}");
        let text = String::from_utf8_lossy(&out.stdout);
        let tree = at(s) < at("check");
        assert_eq!(
            text.starts_with(&format!("// the syntax tree after the tree step {s}\n")),
            tree,
            "{s}: {text}"
        );
        assert_eq!(text.contains("(method "), !tree, "{s}: {text}");
    }
}

/// The SARIF 2.1.0 schema, as the `serde-sarif` crate ships it (its types are generated from
/// it); found through `cargo metadata`, so that no copy lives in this repository.
fn sarif_schema() -> serde_json::Value {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let manifest = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .and_then(|p| p["manifest_path"].as_str())
        .expect("serde-sarif is a dependency");
    let schema = std::path::Path::new(manifest).with_file_name("src/schema.json");
    serde_json::from_str(&std::fs::read_to_string(&schema).expect("the schema file"))
        .expect("the schema is JSON")
}

fn assert_valid_sarif(log: &serde_json::Value) {
    let mut schema = sarif_schema();
    // The schema's pattern for `language` (on runs and tool components),
    // `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`, has a stray `]` that ECMAScript regexes read
    // as a character and Rust's regex crate rejects; weft writes no `language`, so the pattern
    // is left out wherever it stands rather than rewritten.
    fn drop_language_patterns(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                if let Some(l) = m.get_mut("language").and_then(|l| l.as_object_mut()) {
                    l.remove("pattern");
                }
                m.values_mut().for_each(drop_language_patterns);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(drop_language_patterns),
            _ => {}
        }
    }
    drop_language_patterns(&mut schema);
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    // The validator can say no: a log without its runs, a result level SARIF does not know.
    assert!(!validator.is_valid(&serde_json::json!({ "version": "2.1.0" })));
    let mut wrong = log.clone();
    if let Some(r) = wrong.pointer_mut("/runs/0/results/0/level") {
        *r = serde_json::json!("fatal");
        assert!(!validator.is_valid(&wrong));
    }
    let errors: Vec<String> = validator.iter_errors(log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "not SARIF 2.1.0: {errors:?}\n{log:#}");
}

#[test]
fn sarif_output_is_valid_and_carries_code_line_and_hint() {
    let file = unmarked("tests/cases/fail/post_failed_false.pvl");
    let out = weft(&["verify", "--format", "sarif", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let log = json(&out);
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{log:#}");
    assert_eq!(results[0]["ruleId"], "postFailed:false");
    assert_eq!(results[0]["level"], "error");
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 7);
    let rule = &run["tool"]["driver"]["rules"][0];
    assert_eq!(rule["id"], "postFailed:false");
    assert!(rule["shortDescription"]["text"].as_str().unwrap().len() > 10);
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
}

#[test]
fn sarif_reports_a_backend_fault_as_a_failed_invocation() {
    let out = weft(&[
        "verify",
        "--format",
        "sarif",
        "--timeout",
        "0",
        "examples/core/counter.pvl",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let log = json(&out);
    assert_valid_sarif(&log);
    let inv = &log["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let note = inv["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(note.contains("timed out"), "{note}");
}

#[test]
fn explain_shows_meaning_failing_program_and_fix() {
    let out = weft(&["explain", "assignFieldFailed"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("assignFieldFailed: "), "{text}");
    assert!(
        text.contains("A program that fails with it (assignFieldFailed.pvl)"),
        "{text}"
    );
    assert!(
        text.contains("The same program, fixed (assignFieldFailed.fixed.pvl)"),
        "{text}"
    );
    assert!(!text.contains("/*[/"), "markers shown: {text}");
    // A code with its reason is the same code.
    let with_reason = weft(&["explain", "postFailed:perm"]);
    assert_eq!(with_reason.status.code(), Some(0));
    let unknown = weft(&["explain", "noSuchCode"]);
    assert_eq!(unknown.status.code(), Some(2));
    let list = String::from_utf8_lossy(&weft(&["explain"]).stdout).to_string();
    assert!(list.lines().any(|l| l.starts_with("perm ")), "{list}");
}

#[test]
fn every_diagnostic_carries_its_hint() {
    let file = unmarked("tests/cases/fail/post_failed_false.pvl");
    let out = weft(&["verify", "--color", "never", path_str(&file)]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("= help: ") && err.contains("`weft explain postFailed`"),
        "{err}"
    );
    let out = weft(&["verify", "--format", "json", path_str(&file)]);
    let hint = json(&out)["failures"][0]["hint"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(!hint.is_empty());
}

/// A corrupt Silicon in the cache (here a truncated jar) fails the run without
/// a verdict; weft checks the files against their pinned checksums, provisions
/// them again and verifies, instead of failing every later run.
#[test]
fn a_corrupt_backend_is_provisioned_again() {
    // The machine's provisioned backend, made by an ordinary run.
    let warm = weft(&["verify", "examples/core/counter.pvl"]);
    assert_eq!(warm.status.code(), Some(0), "{warm:?}");
    let cache = match std::env::var_os("WEFT_CACHE").filter(|c| !c.is_empty()) {
        Some(c) => std::path::PathBuf::from(c),
        None => match std::env::var_os("XDG_CACHE_HOME").filter(|c| !c.is_empty()) {
            Some(x) => std::path::PathBuf::from(x).join("weft"),
            None => std::path::PathBuf::from(std::env::var_os("HOME").expect("a home"))
                .join(".cache/weft"),
        },
    };
    let installed = std::fs::read_dir(&cache)
        .expect("the cache")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("silicon-"))
        })
        .expect("a provisioned Silicon");
    let copy = tempfile::tempdir().expect("a temporary cache");
    let dir = copy.path().join(installed.file_name().unwrap());
    std::fs::create_dir(&dir).unwrap();
    for f in ["silicon.jar", "z3"] {
        std::fs::copy(installed.join(f), dir.join(f)).unwrap();
    }
    let jar = dir.join("silicon.jar");
    let size = std::fs::metadata(&jar).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&jar)
        .unwrap()
        .set_len(size / 2)
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(["verify", "--no-cache", "examples/core/counter.pvl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("WEFT_CACHE", copy.path())
        .output()
        .expect("weft runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("was corrupt") && err.contains("checksum mismatch"),
        "{err}"
    );
    assert_eq!(std::fs::metadata(&jar).unwrap().len(), size);
}

/// Atomicity specifications (`weft::atomicity`): explored on `--backend boogie` (exit 1 with the
/// definite violation and its interleaving, each method's verdict in the JSON's notes), refused at
/// once on Silicon (exit 2, one error), and exit 0 when every method is atomic within the bound.
#[test]
fn atomicity_is_explored_on_boogie_and_refused_on_silicon() {
    let deadlock = unmarked("examples/atomicity/Deadlock.java");
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        path_str(&deadlock),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let j = json(&out);
    let f = &j["failures"][0];
    assert_eq!(f["code"], "notAtomic:definitely");
    assert_eq!(f["line"], 16);
    assert!(f["message"].as_str().unwrap().contains("interleaving: t1:"));
    assert_eq!(
        j["programs"][0]["notes"][0],
        "Buffer.append: notAtomic:definitely"
    );
    let silicon = weft(&["verify", "--format", "json", path_str(&deadlock)]);
    assert_eq!(silicon.status.code(), Some(2));
    assert_eq!(json(&silicon)["errors"].as_array().map(Vec::len), Some(1));
    let ok = weft(&[
        "verify",
        "--backend",
        "boogie",
        "examples/atomicity/Increment.java",
    ]);
    assert_eq!(ok.status.code(), Some(0));
    let err = String::from_utf8_lossy(&ok.stderr);
    assert!(
        err.contains("Counter.inc: atomic within the bound ("),
        "{err}"
    );
    // A bound too small for the harness: not "atomic", exit 1.
    let cut = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--explore-states",
        "5",
        "examples/atomicity/Increment.java",
    ]);
    assert_eq!(cut.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&cut.stderr).contains("notExplored"));
}

/// The inputs the long fuzzing run found (`tests/fuzz/found/`): each once
/// panicked weft (the Boogie emitter; the histories pass, on a history
/// created with another model's process); now each is an error with a
/// span, exit 2.
#[test]
fn fuzz_found_inputs_are_errors_not_panics() {
    for (file, code) in [
        ("CallArity.java", "notSupported"),
        ("ForeignProcess.pvl", "typeError:mismatch"),
    ] {
        let path = format!("tests/fuzz/found/{file}");
        let out = weft(&["emit", "--to", "boogie", &path]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(code) && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn magic_wands_are_not_supported_on_boogie_and_say_where() {
    let lend = unmarked("tests/cases/wands/lend.pvl");
    let out = weft(&[
        "verify",
        "--backend",
        "boogie",
        "--format",
        "json",
        path_str(&lend),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let j = json(&out);
    assert_eq!(j["errors"][0]["code"], "notSupported");
    // The first wand: `lend`'s postcondition.
    assert_eq!(j["errors"][0]["line"], 10);
    let msg = j["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("magic wand"), "{msg}");
}

/// The programs `weft test` ran, from its `ok`/`FAIL` lines.
fn ran(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("ok   ").or_else(|| l.strip_prefix("FAIL ")))
        .map(str::to_owned)
        .collect()
}

#[test]
fn partitions_run_each_program_once() {
    let all = ran(&weft(&["test", "tests/cases/errors", "--jobs", "1"]));
    assert!(all.len() > 10);
    let mut shares = Vec::new();
    for k in 1..=3 {
        let share = format!("{k}/3");
        let out = weft(&[
            "test",
            "tests/cases/errors",
            "--jobs",
            "1",
            "--partition",
            &share,
        ]);
        assert_eq!(out.status.code(), Some(0));
        shares.extend(ran(&out));
    }
    shares.sort();
    let mut all = all;
    all.sort();
    assert_eq!(
        shares, all,
        "the three shares together are the whole, each program once"
    );
    let out = weft(&["test", "tests/cases/errors", "--partition", "4/3"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn junit_report_names_each_program_and_its_failure() {
    let bad = program_file("class C {\n  void m() {\n    int x = ;\n  }\n}\n");
    let out = weft(&[
        "test",
        "--format",
        "junit",
        "tests/cases/errors/arity_call.pvl",
        path_str(&bad),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let xml = String::from_utf8_lossy(&out.stdout);
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(
        xml.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\""),
        "{xml}"
    );
    assert!(xml.contains("name=\"arity_call.pvl\""), "{xml}");
    assert!(xml.contains("<failure message="), "{xml}");
    assert!(!xml.contains("passed, "), "no human summary: {xml}");
}
