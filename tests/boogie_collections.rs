//! The Boogie prelude for collections (`backends/boogie/collections.bpl`)
//! against the lemma files in `tests/boogie/`: the prelude is placed above
//! each file, as the Boogie encoder does, and the result is run through
//! `boogie`. Every `*_ok.bpl` must verify; in every `*_wrong.bpl` exactly
//! the asserts whose line ends in `// wrong` must fail (each wrong file also
//! asserts `false`, which catches an inconsistent prelude).
//!
//! Skipped, with a note on stderr, when `boogie` is not on the PATH.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every lemma file, so that a new file cannot go unchecked.
const LEMMA_FILES: &[&str] = &[
    "seq_ok",
    "seq_wrong",
    "set_ok",
    "set_wrong",
    "multiset_ok",
    "multiset_wrong",
    "map_ok",
    "map_wrong",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The collections prelude, and the map prelude the encoder adds to
/// programs with maps.
fn prelude() -> String {
    let mut text = String::new();
    for file in ["collections.bpl", "maps.bpl"] {
        let path = root().join("backends/boogie").join(file);
        text.push_str(&std::fs::read_to_string(&path).expect("the prelude is readable"));
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    text
}

fn boogie() -> Option<PathBuf> {
    let found = which::which("boogie").ok();
    if found.is_none() {
        eprintln!("boogie is not on the PATH: Boogie prelude tests skipped");
    }
    found
}

/// What one Boogie run reported.
struct Run {
    verified: usize,
    errors: usize,
    /// (line in the lemma file, error code) of each reported error.
    failures: Vec<(usize, String)>,
    output: String,
}

/// Runs Boogie on the prelude followed by `lemmas`; lines are reported
/// relative to `lemmas` (0 is a line inside the prelude).
fn run(boogie: &Path, lemmas: &str) -> Run {
    let prelude = prelude();
    let offset = prelude.lines().count();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("program.bpl");
    std::fs::write(&file, format!("{prelude}{lemmas}")).expect("the program is written");
    let out = Command::new(boogie)
        .arg("/nologo")
        .arg("/timeLimit:30")
        .arg(&file)
        .output()
        .expect("boogie runs");
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut failures = Vec::new();
    for line in output.lines() {
        // `…/program.bpl(LINE,COL): Error CODE: message`
        let Some((place, rest)) = line.split_once("): Error ") else {
            continue;
        };
        let Some((_, pos)) = place.rsplit_once('(') else {
            continue;
        };
        let at: usize = pos
            .split(',')
            .next()
            .and_then(|l| l.parse().ok())
            .unwrap_or(0);
        let code = rest.split(':').next().unwrap_or("").to_string();
        failures.push((at.saturating_sub(offset), code));
    }
    let (verified, errors) = summary(&output)
        .unwrap_or_else(|| panic!("no Boogie summary line in the output:\n{output}"));
    Run {
        verified,
        errors,
        failures,
        output,
    }
}

/// The counts of `Boogie program verifier finished with N verified, M errors`.
fn summary(output: &str) -> Option<(usize, usize)> {
    let line = output.lines().find(|l| l.contains("finished with "))?;
    let rest = line.split("finished with ").nth(1)?;
    let mut counts = rest.split(", ");
    let verified = counts.next()?.split(' ').next()?.parse().ok()?;
    let errors = counts.next()?.split(' ').next()?.parse().ok()?;
    // Time-outs and inconclusive results are listed after the errors.
    if counts.next().is_some() {
        return None;
    }
    Some((verified, errors))
}

fn lemma_text(name: &str) -> String {
    let path = root().join("tests/boogie").join(format!("{name}.bpl"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// 1-based lines of the asserts marked as expected to fail.
fn wrong_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim_end().ends_with("// wrong"))
        .map(|(i, _)| i + 1)
        .collect()
}

fn procedure_count(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("procedure ")).count()
}

/// Every procedure of the file verifies (all lemma procedures have bodies).
fn check_ok(name: &str) {
    let Some(boogie) = boogie() else { return };
    let text = lemma_text(name);
    assert!(
        wrong_lines(&text).is_empty(),
        "{name}: `// wrong` in an ok file"
    );
    let r = run(&boogie, &text);
    assert!(
        r.errors == 0 && r.failures.is_empty() && r.verified == procedure_count(&text),
        "{name}: expected {} verified, 0 errors; got {} verified, {} errors {:?}\n{}",
        procedure_count(&text),
        r.verified,
        r.errors,
        r.failures,
        r.output
    );
}

/// Exactly the marked asserts fail, each as a failed assertion (BP5001).
fn check_wrong(name: &str) {
    let Some(boogie) = boogie() else { return };
    let text = lemma_text(name);
    let expected = wrong_lines(&text);
    assert!(!expected.is_empty(), "{name}: no `// wrong` marker");
    let r = run(&boogie, &text);
    let mut got: Vec<usize> = r.failures.iter().map(|(l, _)| *l).collect();
    got.sort_unstable();
    assert_eq!(
        got, expected,
        "{name}: failing lines differ from the `// wrong` lines\n{}",
        r.output
    );
    assert!(
        r.failures.iter().all(|(_, code)| code == "BP5001"),
        "{name}: an error other than a failed assertion: {:?}",
        r.failures
    );
    assert_eq!(
        r.errors,
        expected.len(),
        "{name}: error count\n{}",
        r.output
    );
}

#[test]
fn prelude_alone_verifies() {
    let Some(boogie) = boogie() else { return };
    let r = run(&boogie, "procedure empty() { }\n");
    assert_eq!((r.verified, r.errors), (1, 0), "{}", r.output);
}

#[test]
fn every_lemma_file_is_checked() {
    let dir = root().join("tests/boogie");
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/boogie exists")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".bpl").map(str::to_string)
        })
        .collect();
    found.sort();
    let mut listed: Vec<String> = LEMMA_FILES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "tests/boogie and LEMMA_FILES differ");
}

#[test]
fn seq_ok() {
    check_ok("seq_ok");
}

#[test]
fn seq_wrong() {
    check_wrong("seq_wrong");
}

#[test]
fn set_ok() {
    check_ok("set_ok");
}

#[test]
fn set_wrong() {
    check_wrong("set_wrong");
}

#[test]
fn multiset_ok() {
    check_ok("multiset_ok");
}

#[test]
fn multiset_wrong() {
    check_wrong("multiset_wrong");
}

#[test]
fn summary_line_is_parsed() {
    let out = "noise\nBoogie program verifier finished with 3 verified, 1 error\n";
    assert_eq!(summary(out), Some((3, 1)));
    let timed_out = "Boogie program verifier finished with 1 verified, 0 errors, 1 time out\n";
    assert_eq!(summary(timed_out), None);
}

#[test]
fn map_ok() {
    check_ok("map_ok");
}

#[test]
fn map_wrong() {
    check_wrong("map_wrong");
}
