//! Runs every program under `examples/`, `tests/cases/` and `src/diag/explain/` through each real
//! backend (Silicon and Boogie) and checks it against its expectation
//! markers: a file passes when
//! it verifies and every `/*[/expect CODE]*/` region caught exactly one
//! failure with that code (or, with an `// expect-error: CODE` header, when
//! the front end rejects it with that code in its marked region). A file
//! with an `// unsupported-on: BACKEND reason` header is skipped on that
//! backend (the README lists those files).

use std::path::Path;
use weft::diag::render;
use weft::driver::{self, Backend, Options};
use weft::syntax::span::Files;

/// Checks every file under `dir` on `backend` with `jobs` runs at a time.
fn run_all(dir: &str, backend: Backend, jobs: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let files = driver::input_files(&[&root]);
    assert!(!files.is_empty(), "no test programs under {dir}");
    // Four suites share the machine's cores with each other's JVMs and solvers: a
    // program that takes seconds alone can take minutes here. The timeout is for a
    // hung backend, not a verdict.
    let opts = Options {
        backend,
        timeout: std::time::Duration::from_secs(600),
        // Every program goes to the backend: a cached verdict would not test it.
        cache: false,
        ..Options::default()
    };
    let name = backend.name();
    let outcomes = weft::parallel::map_jobs(&files, jobs, |path| {
        let mut store = Files::new();
        let outcome = driver::test_file(&mut store, path, &opts);
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        if let Some(reason) = &outcome.skipped {
            eprintln!("skip {dir}/{shown} on {name}: {reason}");
        } else if outcome.passed() {
            eprintln!("ok   {dir}/{shown} on {name}");
        } else {
            let text = render::human_string(&store, &outcome.problems).unwrap_or_default();
            eprintln!("FAIL {dir}/{shown} on {name}\n{text}");
            return Some(shown);
        }
        None
    });
    let failures: Vec<String> = outcomes.into_iter().flatten().collect();
    eprintln!(
        "{dir} on {name}: {} passed, {} failed",
        files.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{dir} on {name}: these files did not meet their expectations: {failures:?}"
    );
}

#[test]
fn examples_on_silicon() {
    run_all("examples", Backend::Silicon, 1);
}

#[test]
fn cases_on_silicon() {
    run_all("tests/cases", Backend::Silicon, 2);
}

#[test]
fn examples_on_boogie() {
    run_all("examples", Backend::Boogie, 1);
}

#[test]
fn cases_on_boogie() {
    run_all("tests/cases", Backend::Boogie, 2);
}

/// The programs of `weft explain` (`src/diag/explain/`): each failing one fails with its code
/// where it is marked, each fixed one verifies.
#[test]
fn explanations_on_silicon() {
    run_all("src/diag/explain", Backend::Silicon, 1);
}

#[test]
fn explanations_on_boogie() {
    run_all("src/diag/explain", Backend::Boogie, 1);
}
