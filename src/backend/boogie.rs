//! Running Boogie 2.4.1 on a Boogie program and reading its verdict.
//!
//! weft runs Debian's `boogie` (a script that starts `Boogie.exe` under Mono with
//! `/z3exe:/usr/bin/z3`, Debian's Z3 4.8.12) as `boogie /nologo /timeLimit:N program.bpl`
//! in a temporary directory, so positions in its output read `program.bpl(L,C)`.
//! Boogie exits 0 whether the program verifies, has errors, or does not parse, so the
//! verdict comes from the output alone (see [`parse`]); a non-zero exit is a crash.
//!
//! The `model_compress` noise: Boogie asks `z3 --version` and, for 4.8 or later, sends
//! `(set-option :model_compress false)`, which neither Z3 4.8.12 nor 4.12.1 knows; Z3
//! answers with an error that Boogie prints with Z3's whole parameter list, once per
//! prover start. Tried and found not to help: `/proverOpt:O:model_compress=…` (the
//! option is still sent), `/z3opt:…` (passed on Z3's command line; an unknown one makes
//! Z3 exit and Boogie crash), `/z3exe:` with Z3 4.12.1 (same block). Only a Z3 that
//! reports a version below 4.8 avoids it, which would mean lying to Boogie, so weft
//! filters the block instead ([`parse::without_noise`]). Debian's Z3 and weft's pinned
//! Z3 4.12.1 took the same time on small programs (0.27–0.42 s per run, either one
//! ahead by turns; a 30-procedure program with a heap map, 0.60–0.67 s), so weft keeps
//! the Z3 that Debian's `boogie` package pulls in.
//!
//! Timeouts: `/timeLimit` (per procedure) is the run's timeout less a tenth of it, and at
//! least 3 s less (Mono's start-up takes a second or two on a loaded machine), so that a
//! slow procedure is reported by Boogie as timed out (→ [`BackendError::Timeout`])
//! before the whole run is killed. Z3 sometimes answers `unknown` with an
//! incompleteness reason when its time runs out on non-linear arithmetic, which Boogie
//! 2.4.1 reports as an ordinary error, not as a timeout; and a procedure whose time
//! runs out after it found an error is reported with the errors found, as if it had
//! finished, so weft reads each procedure's time from `/trace` and takes one that
//! used its whole limit as timed out ([`parse::ran_out_of_time`]). Past the run's timeout weft
//! kills Boogie's whole process group (Mono and its Z3 processes).

pub mod model;
pub mod parse;

use super::process;
use super::provision::ensure_boogie;
use super::{BackendError, ModelValue, RunOptions};
use crate::syntax::span::LineCol;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Boogie's error codes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoogieCode {
    /// BP5001: `This assertion might not hold.`
    Assertion,
    /// BP5002: `A precondition for this call might not hold.` (related: the `requires`)
    Precondition,
    /// BP5003: `A postcondition might not hold on this return path.` (at the return
    /// path; related: the `ensures`)
    Postcondition,
    /// BP5004: `This loop invariant might not hold on entry.`
    InvariantEntry,
    /// BP5005: `This loop invariant might not be maintained by the loop.`
    InvariantMaintained,
    /// Any other code as printed (`BP5010`); the empty string for an error whose
    /// message came from an `{:msg "…"}` attribute, which Boogie prints without a code.
    Other(String),
}

/// One verification error, in the generated program's coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoogieError {
    pub code: BoogieCode,
    /// 1-based line and column as Boogie prints them (a tab counts as one column);
    /// 0:0 for an `{:msg}` error, which Boogie prints without a position.
    pub at: LineCol,
    /// The message after the code (`This assertion might not hold.`), or the `{:msg}` text.
    pub message: String,
    /// The `Related location:` positions, in Boogie's order.
    pub related: Vec<LineCol>,
}

/// Boogie's verdict: verified exactly when `errors` is empty.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoogieVerdict {
    pub errors: Vec<BoogieError>,
    pub time: Duration,
    /// This verdict came from the cache (the time is that of the run that made it).
    #[serde(skip)]
    pub cached: bool,
}

impl super::cache::Kept for BoogieVerdict {
    fn mark_kept(&mut self) {
        self.cached = true;
    }
}

/// The name of the Boogie file in the output's positions.
const FILE_NAME: &str = "program.bpl";

/// What identifies `name`'s verdicts (Boogie's, or its models) in the
/// cache's key: the name and the Boogie version pinned.
fn identity(name: &str) -> String {
    let version = super::provision::boogie_pin()
        .map(|p| p.version)
        .unwrap_or_default();
    format!("{name} {version}")
}

/// Verifies the Boogie program `text`, installing Boogie first if it is missing and
/// this process may install packages.
pub fn run(text: &str, opts: &RunOptions) -> Result<BoogieVerdict, BackendError> {
    let entry = super::cache::entry(&identity("boogie"), opts, |w| w.write_all(text.as_bytes()));
    super::cache::through(entry, opts, || {
        let boogie = ensure_boogie()?;
        run_with(&boogie, text, opts)
    })
}

/// The per-procedure `/timeLimit` in seconds for a run's timeout.
pub fn time_limit(timeout: Duration) -> u64 {
    let t = timeout.as_secs();
    t.saturating_sub((t / 10).max(3)).max(1)
}

/// Verifies `text` with the Boogie executable `boogie`.
pub fn run_with(
    boogie: &Path,
    text: &str,
    opts: &RunOptions,
) -> Result<BoogieVerdict, BackendError> {
    // Every failing assert must be reported: a refute is checked by its
    // assert failing, so a cut-off list would turn into refute failures. But
    // Boogie 2.4 with Z3 4.8 can report one assertion again and again (a
    // refute's `assert false` after a `goto`, as often as the limit allows:
    // 100 000 times took a minute), so the limit is what every assertion
    // failing twice needs, not more. A list cut off by repeats can only
    // report a refute as failed, never hide a failure.
    let asserts = text.matches("assert ").count();
    let limit = time_limit(opts.timeout);
    let done = run_boogie(
        boogie,
        text,
        opts,
        // `/trace` gives each procedure's time: a procedure can run out of
        // time after its first error without Boogie saying so (`parse`).
        &[
            "/trace".to_string(),
            format!("/errorLimit:{}", 2 * asserts + 10),
        ],
    )?;
    let (status, stdout, stderr, time) = (done.status, done.stdout, done.stderr, done.time);
    let errors = verdict(&stdout, &stderr, status.code(), limit)?;
    Ok(BoogieVerdict {
        errors,
        time,
        cached: false,
    })
}

/// Runs `boogie` on `text` (as [`FILE_NAME`] in a temporary directory) with
/// the run's time limit and seed, and `args` before the file.
fn run_boogie(
    boogie: &Path,
    text: &str,
    opts: &RunOptions,
    args: &[String],
) -> Result<process::Finished, BackendError> {
    let work = tempfile::tempdir().map_err(|e| {
        BackendError::Provision(format!("cannot create a temporary directory: {e}"))
    })?;
    let file = work.path().join(FILE_NAME);
    std::fs::write(&file, text)
        .map_err(|e| BackendError::Provision(format!("cannot write {}: {e}", file.display())))?;
    let mut cmd = Command::new(boogie);
    cmd.arg("/nologo")
        .arg(format!("/timeLimit:{}", time_limit(opts.timeout)));
    if let Some(seed) = opts.seed {
        cmd.arg(format!("/z3opt:smt.random_seed={seed}"))
            .arg(format!("/z3opt:sat.random_seed={seed}"));
    }
    cmd.args(args).arg(FILE_NAME).current_dir(work.path());
    // Killed at the deadline: the procedures `/trace` did not show finished,
    // or showed cut short.
    let limit = time_limit(opts.timeout);
    let unfinished = |out: &str| {
        let done = parse::finished(out);
        let cut = parse::ran_out_of_time(out, limit);
        (procedures_with_bodies(text).into_iter())
            .filter(|p| !done.contains(p) || cut.contains(p))
            .collect()
    };
    process::run_backend(
        &mut cmd,
        opts.timeout,
        work.path(),
        "Boogie",
        |e| format!("cannot start {}: {e}", boogie.display()),
        unfinished,
    )
}

/// The values of a failed run's failing states, by the line of each failing
/// assert (see [`model`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Counterexamples {
    pub by_line: Vec<(usize, Vec<ModelValue>)>,
    pub time: Duration,
    /// These came from the cache (the time is that of the run that made them).
    #[serde(skip)]
    pub cached: bool,
}

impl super::cache::Kept for Counterexamples {
    fn mark_kept(&mut self) {
        self.cached = true;
    }
}

/// Verifies `text` once more, only its procedures that hold one of `lines`
/// (the failing asserts, 1-based), for a model of each of those asserts.
pub fn counterexamples(
    text: &str,
    lines: &[usize],
    opts: &RunOptions,
) -> Result<Counterexamples, BackendError> {
    let program = model::program(text, lines);
    let mut procedures: Vec<String> = (lines.iter())
        .filter_map(|&l| model::procedure_at(text, l).map(|p| p.name))
        .collect();
    procedures.sort();
    procedures.dedup();
    let entry = super::cache::entry(&identity("boogie-model"), opts, |w| {
        w.write_all(program.as_bytes())?;
        w.write_all(procedures.join(" ").as_bytes())
    });
    super::cache::through(entry, opts, || {
        let boogie = ensure_boogie()?;
        let mut args = vec![
            "/mv:-".to_string(),
            "/proverOpt:O:model.compact=false".to_string(),
            "/liveVariableAnalysis:0".to_string(),
            format!("/errorLimit:{}", 2 * lines.len() + 10),
        ];
        args.extend(procedures.iter().map(|p| format!("/proc:{p}")));
        let done = run_boogie(&boogie, &program, opts, &args)?;
        if done.status.code() != Some(0) {
            return Err(BackendError::Crashed {
                status: done.status.code(),
                output: parse::without_noise(&done.stdout),
            });
        }
        Ok(Counterexamples {
            by_line: read_counterexamples(text, lines, &done.stdout),
            time: done.time,
            cached: false,
        })
    })
}

/// The values under each of `lines` in the model run's output `out`, for the
/// Boogie program `text`.
pub fn read_counterexamples(
    text: &str,
    lines: &[usize],
    out: &str,
) -> Vec<(usize, Vec<ModelValue>)> {
    let out = parse::without_noise(out);
    let fields = model::fields(text);
    let mut found: Vec<(usize, Vec<ModelValue>)> = Vec::new();
    for (line, model_lines) in model::models_by_line(&out) {
        if !lines.contains(&line) || found.iter().any(|(l, _)| *l == line) {
            continue;
        }
        let Some(proc) = model::procedure_at(text, line) else {
            continue;
        };
        let m = model::Model::parse(&model_lines);
        let values = model::values(&m, line, &proc, &fields);
        if !values.is_empty() {
            found.push((line, values));
        }
    }
    found
}

/// The procedures of `text` that Boogie verifies (those with a body), in order. A
/// declaration's lines after the first are indented; its body opens with a `{` line.
fn procedures_with_bodies(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut open: Option<&str> = None;
    for line in text.lines() {
        if line.starts_with(char::is_whitespace) || line.is_empty() {
            continue;
        }
        if let Some(name) = open.take() {
            if line == "{" {
                found.push(name.to_string());
            }
        }
        if let Some(rest) = line.strip_prefix("procedure ") {
            let name = rest.find('(').map(|i| &rest[..i]);
            // weft's own procedures (checks it generates) are no member of the source.
            let own = name.is_some_and(|n| n.contains("weft_") || n.contains('$'));
            if !own && !line.trim_end().ends_with(';') {
                open = name;
            }
        }
    }
    found
}

/// The errors of a finished run, or why it has no verdict.
pub fn verdict(
    stdout: &str,
    stderr: &str,
    status: Option<i32>,
    time_limit: u64,
) -> Result<Vec<BoogieError>, BackendError> {
    let crashed = |reason: String| {
        let mut output = reason;
        if !stderr.trim().is_empty() {
            output.push_str("\nBoogie's error output:\n");
            output.push_str(stderr.trim_end());
        }
        BackendError::Crashed { status, output }
    };
    if status != Some(0) {
        return Err(crashed(format!(
            "Boogie failed; it printed:\n{}",
            parse::without_noise(stdout).trim_end()
        )));
    }
    let timed_out = |unfinished| BackendError::Timeout {
        after: Duration::from_secs(time_limit),
        unfinished,
    };
    match parse::parse_output(stdout) {
        Ok(errors) => {
            let cut = parse::ran_out_of_time(stdout, time_limit);
            if cut.is_empty() {
                Ok(errors)
            } else {
                Err(timed_out(cut))
            }
        }
        Err(parse::NoVerdict::TimedOut(unfinished)) => Err(timed_out(unfinished)),
        Err(parse::NoVerdict::Failed(reason)) => Err(crashed(reason)),
    }
}

#[cfg(test)]
mod tests;
