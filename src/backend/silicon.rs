//! Running Silicon on a Silver file and parsing its output.
//!
//! Silicon (1.1-SNAPSHOT from nagini 1.2.0, run with `--numberOfErrorsToReport 1`)
//! prints `Silicon finished verification successfully in 2.9s.` or
//! `Silicon found N errors in 3.1s:` followed by one entry per error,
//! `  [k] KIND. REASON (file.vpr@L.C--L.C)`, where the position is that of the
//! *error node* (not of the reason's offending node) as Silver's parser saw it.
//! Messages and positions, found by running this build:
//!
//! | Silicon's kind text | [`FailureKind`] | position reported |
//! |---|---|---|
//! | `Assert might fail.` | `AssertFailed` | the asserted expression (whole, also when one conjunct fails; not the `assert` keyword) |
//! | `Postcondition of M might not hold.` | `PostconditionViolated` | the `ensures` clause's expression (whole `a && b` when `b` fails; with two `ensures`, the failing one). Also for functions |
//! | `The precondition of method M might not hold.` | `CallPrecondition` | the call statement (`a, b := m(…)`, from the first target) |
//! | `Precondition of function F might not hold.` | `AppPrecondition` | the application `f(…)` |
//! | `Assignment might fail.` | `AssignmentFailed` | the whole statement `x := …` / `x.f := …` (also for a read without permission, division by zero, bad index inside it) |
//! | `Method call might fail.` | `CallFailed` | the call statement (e.g. an argument reads without permission) |
//! | `Exhale might fail.` | `ExhaleFailed` | the exhaled expression (whole) |
//! | `Inhale might fail.` | `InhaleFailed` | the inhaled expression (whole); `Assume` is printed as inhale |
//! | `Folding P(x) might fail.` | `FoldFailed` | the `fold` statement |
//! | `Unfolding P(x) might fail.` | `UnfoldFailed` | the `unfold` statement |
//! | `Packaging wand might fail.` | `PackageFailed` | the `package` statement |
//! | `Applying wand might fail.` | `ApplyFailed` | the `apply` statement |
//! | `Loop invariant E might not hold on entry.` | `LoopInvariantNotEstablished` | the invariant clause's expression |
//! | `Loop invariant E might not be preserved.` | `LoopInvariantNotPreserved` | the invariant clause's expression |
//! | `Contract might not be well-formed.` | `ContractNotWellformed` | the clause's expression (`requires x.f > 0` without permission) |
//! | `Function might not be well-formed.` | `FunctionNotWellformed` | the whole function declaration (`function` … `}`) |
//! | `Predicate might not be well-formed.` | `PredicateNotWellformed` | the whole predicate declaration |
//! | `Refute holds in all cases or could not be reached (e.g. see Silicon `numberOfErrorsToReport`).` | `RefuteFailed` | the refuted expression |
//! | `Conditional statement might fail.` | `Other(that text)` | the `if` condition (inside its parentheses) |
//! | `While statement might fail.` | `Other(that text)` | the loop condition (followed by a `Conditional statement might fail.` at the same position) |
//!
//! | Silicon's reason text | [`FailureReason`] | `offending` |
//! |---|---|---|
//! | `Assertion E might not hold.` | `AssertionFalse` | `E`, the failing conjunct |
//! | `There might be insufficient permission to access E` (no full stop) | `InsufficientPermission` | `E` (`x.f`, `P(x)`) |
//! | `Divisor E might be zero.` | `DivisionByZero` | `E` |
//! | `Fraction E might be negative.` | `NegativePermission` | `E` (e.g. `-1 / 2`) |
//! | `Fraction E might not be positive.` (fold, unfold) | `NegativePermission` | `E` |
//! | `Quantified resource E might not be injective.` | `NotInjective` | `E` |
//! | `Index I into S might be negative.` | `SeqIndexNegative` | `I` |
//! | `Index I into S might exceed sequence length.` | `SeqIndexExceedsLength` | `I` |
//! | `Map M might not contain an entry at key K.` | `MapKey` | `M[K]` |
//! | `Assertion E definitely holds.` (after refute) | `Other(text)` | `E` |
//!
//! The warm driver (`backends/silicon/WeftSilicon.java`) follows an entry with
//! `@weft offending L.C--L.C`, the position of the reason's offending node
//! (Silicon's command line does not print it): [`BackendFailure::offending_at`].
//! Found by running this build, that node is (without its own parentheses):
//! for `AssertionFalse` the failing conjunct (of an assertion, a contract or
//! invariant clause, a predicate's body on `fold`); for
//! `InsufficientPermission` the location (`x.f`, from its receiver's own
//! start; `P(x)`), inside its `acc(…)`, an assignment's target for a write;
//! for `DivisionByZero` the divisor; for `MapKey` the key; for the sequence
//! indexes the index; for `NegativePermission` the amount; for
//! `NotInjective` the location inside the quantified `acc(…)`. A call's or
//! application's precondition reports the node in the callee's clause, at
//! the clause's position (the arguments substituted).
//!
//! Silicon prints expressions in its own syntax: integer division as `\`,
//! `acc(x.f)` as `acc(x.f, write)`, redundant parentheses dropped.
//!
//! Positions of parenthesised nodes: a node's position never includes its
//! own parentheses; whether it includes those of its left operand depends on
//! the operator (see `emit::silver::render`). Parse and type errors come in
//! the same `Silicon found` form (`Parse error: …`, `undeclared identifier …`,
//! `… is not a valid Trigger`): any entry that is not a verification failure
//! makes the run [`BackendError::Crashed`].

use super::process;
use super::provision::{ensure_silicon, java, pin, SiliconPaths, JVM_FLAGS};
use super::{BackendError, BackendFailure, FailureKind, FailureReason, RunOptions, Verdict};
use crate::emit::Text;
use crate::syntax::span::LineCol;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

/// How many failures Silicon reports per method, function or predicate before
/// it moves on: the first, as VerCors runs it (a failure after another on its
/// path is often only its consequence; VerCors's examples expect the first).
/// `backends/silicon/WeftSilicon.java` passes the same; the verdict cache's key
/// names it.
pub const ERRORS_PER_MEMBER: &str = "1";

/// What a verdict holds beyond Silicon's own text: the warm driver's offending
/// positions. The verdict cache's key names it, so verdicts kept before they
/// were read are not reused.
pub const OUTPUT_FORMAT: &str = "offending positions";

/// What identifies Silicon's verdicts in the cache's key: its name and the
/// versions pinned for it, and what it is asked to report.
fn identity() -> String {
    let version = |name: &str| pin(name).map(|p| p.version).unwrap_or_default();
    format!(
        "silicon {} z3 {} errors/member {} output {}",
        version("silicon"),
        version("z3"),
        ERRORS_PER_MEMBER,
        OUTPUT_FORMAT
    )
}

/// The driver's line after an entry: the offending node's position.
const OFFENDING: &str = "@weft offending ";
/// The driver's lines after the entries: a failure's position, then each
/// line of its counterexample ([`model`]).
const MODEL: &str = "@weft model ";
const VALUE: &str = "@weft value ";

pub mod model;

pub mod warm;

/// The name of the Silver file in the output's positions.
const FILE_NAME: &str = "program.vpr";

/// Verifies `silver_text` with Silicon, provisioning it on first use: on a warm
/// worker ([`warm`]) when the driver could be compiled, else in a JVM of its own.
pub fn run(silver_text: &Text, opts: &RunOptions) -> Result<Verdict, BackendError> {
    let entry = super::cache::entry(&identity(), opts, |w| silver_text.write_to(w));
    super::cache::through(entry, opts, || {
        let once = || {
            let paths = ensure_silicon()?;
            match pool(&paths)?.filter(|_| opts.warm) {
                Some(pool) => run_warm(pool, silver_text, opts),
                None => run_with(&paths, silver_text, opts),
            }
        };
        match once() {
            // A corrupt backend fails every run: check it, provision it
            // again if it differs from its pin, and try once more.
            Err(e @ BackendError::Crashed { .. }) => match super::provision::repair_silicon()? {
                Some(repaired) => {
                    eprintln!("weft: warning: Silicon stopped without a verdict: {repaired}; verifying again");
                    once()
                }
                None => Err(e),
            },
            other => other,
        }
    })
}

/// The process's pool of warm workers (`None`: no driver), made on first use.
static POOL: OnceLock<Option<warm::Pool>> = OnceLock::new();

/// The pool, made from the first `paths` it is asked with.
fn pool(paths: &SiliconPaths) -> Result<Option<&'static warm::Pool>, BackendError> {
    if let Some(p) = POOL.get() {
        return Ok(p.as_ref());
    }
    let java = java()?;
    let made = paths.driver.as_ref().map(|driver| {
        warm::Pool::new(warm::WorkerCommand {
            program: java,
            args: driver.worker_args(paths),
        })
    });
    Ok(POOL.get_or_init(|| made).as_ref())
}

/// Ends the idle warm workers (at the end of a run).
pub fn shutdown() {
    if let Some(Some(p)) = POOL.get() {
        p.shutdown();
    }
}

fn run_warm(
    pool: &warm::Pool,
    silver_text: &Text,
    opts: &RunOptions,
) -> Result<Verdict, BackendError> {
    let work = write_program(silver_text)?;
    let file = work.path().join(FILE_NAME);
    let started = Instant::now();
    match pool.verify(&file, opts.seed, opts.counterexample, opts.timeout) {
        Ok(answer) => match parse_output(&answer.output) {
            Some(failures) => Ok(Verdict {
                failures,
                time: started.elapsed(),
                members: answer.members,
                cached: false,
            }),
            None => Err(BackendError::Crashed {
                status: None,
                output: answer.output,
            }),
        },
        Err(warm::Fault::Timeout { finished }) => Err(BackendError::Timeout {
            after: opts.timeout,
            unfinished: unfinished(silver_text, &finished),
        }),
        Err(warm::Fault::Spawn(output)) | Err(warm::Fault::Crashed { output }) => {
            Err(BackendError::Crashed {
                status: None,
                output,
            })
        }
    }
}

/// The members of `silver_text` Silicon verifies (methods, functions, predicates) that
/// are not in `finished`, in the text's order.
fn unfinished(silver_text: &Text, finished: &[String]) -> Vec<String> {
    silver_text
        .lines()
        .filter_map(|l| {
            let rest = ["method ", "function ", "predicate "]
                .iter()
                .find_map(|k| l.strip_prefix(k))?;
            let name = &rest[..rest.find('(')?];
            (!finished.iter().any(|f| f == name)).then(|| name.to_string())
        })
        .collect()
}

/// A temporary folder holding the program as [`FILE_NAME`].
fn write_program(silver_text: &Text) -> Result<process::TrackedDir, BackendError> {
    let work = process::TrackedDir::new().map_err(|e| {
        BackendError::Provision(format!("cannot create a temporary directory: {e}"))
    })?;
    let file = work.path().join(FILE_NAME);
    std::fs::File::create(&file)
        .and_then(|mut f| silver_text.write_to(&mut f))
        .map_err(|e| BackendError::Provision(format!("cannot write {}: {e}", file.display())))?;
    Ok(work)
}

/// Verifies `silver_text` with the Silicon at `paths`, in a JVM of its own.
pub fn run_with(
    paths: &SiliconPaths,
    silver_text: &Text,
    opts: &RunOptions,
) -> Result<Verdict, BackendError> {
    let java = java()?;
    let work = write_program(silver_text)?;
    let mut cmd = Command::new(java);
    if let Some(a) = &paths.cds_archive {
        cmd.arg(format!("-XX:SharedArchiveFile={}", a.display()));
    }
    cmd.args(JVM_FLAGS)
        .arg("-jar")
        .arg(&paths.jar)
        .arg("--z3Exe")
        .arg(&paths.z3)
        .args(["--numberOfErrorsToReport", ERRORS_PER_MEMBER]);
    if let Some(seed) = opts.seed {
        cmd.arg("--proverArgs")
            .arg(format!("smt.random_seed={seed} sat.random_seed={seed}"));
    }
    cmd.arg(FILE_NAME).current_dir(work.path());
    let done = process::run_backend(
        &mut cmd,
        opts.timeout,
        work.path(),
        "Silicon",
        |e| format!("cannot start java: {e}"),
        |_| Vec::new(),
    )?;
    let (status, stdout, stderr, time) = (done.status, done.stdout, done.stderr, done.time);
    match parse_output(&stdout) {
        Some(failures) => Ok(Verdict {
            failures,
            time,
            members: Vec::new(),
            cached: false,
        }),
        None => Err(BackendError::Crashed {
            status: status.code(),
            output: format!("{stdout}{stderr}"),
        }),
    }
}

/// The line that starts Silicon's report of failures, and its success line.
const FOUND: &str = "Silicon found ";
const SUCCESS: &str = "Silicon finished verification successfully";

/// Whether `out` holds Silicon's verdict line (of either kind).
pub fn has_verdict(out: &str) -> bool {
    out.lines()
        .any(|l| l.starts_with(FOUND) || l.starts_with(SUCCESS))
}

/// Silicon's verdict from its standard output: `Some(vec![])` only with the
/// success line, `Some(failures)` when every reported entry is a verification
/// failure, `None` for anything else (parse or type errors, exceptions,
/// unknown output).
pub fn parse_output(out: &str) -> Option<Vec<BackendFailure>> {
    let lines: Vec<&str> = out.lines().collect();
    let header = lines.iter().position(|l| l.starts_with(FOUND));
    let Some(header) = header else {
        let ok = lines.iter().any(|l| l.starts_with(SUCCESS));
        return ok.then(Vec::new);
    };
    let count: usize = lines[header]
        .strip_prefix(FOUND)?
        .split(' ')
        .next()?
        .parse()
        .ok()?;
    // Each entry's lines, and the driver's offending position after it.
    let mut entries: Vec<(Vec<&str>, Option<&str>)> = Vec::new();
    // The counterexamples: a failure's position and its model's lines.
    let mut models: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in &lines[header + 1..] {
        if let Some(at) = line.strip_prefix(MODEL) {
            models.push((at.trim(), Vec::new()));
        } else if let Some(v) = line.strip_prefix(VALUE) {
            models.last_mut()?.1.push(v);
        } else if !models.is_empty() {
            return None;
        } else if let Some(rest) = entry_start(line) {
            entries.push((vec![rest], None));
        } else if let Some(pos) = line.strip_prefix(OFFENDING) {
            match entries.last_mut() {
                Some((_, at @ None)) => *at = Some(pos),
                _ => return None,
            }
        } else if let Some((e, None)) = entries.last_mut() {
            e.push(line.trim());
        } else if !line.trim().is_empty() {
            return None;
        }
    }
    if entries.len() != count || count == 0 {
        return None;
    }
    entries
        .iter()
        .map(|(e, at)| {
            let text = e
                .iter()
                .copied()
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            let offending_at = match at {
                Some(pos) => Some(parse_range(pos.trim())?),
                None => None,
            };
            let failure = parse_entry(&text)?;
            let model = models
                .iter()
                .find(|(at, _)| parse_range(at) == Some((failure.start, failure.end)))
                .map(|(_, lines)| model::last_state(lines))
                .unwrap_or_default();
            Some(BackendFailure {
                offending_at,
                model,
                ..failure
            })
        })
        .collect()
}

/// The text after `[k] ` when `line` starts an entry.
fn entry_start(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('[')?;
    let (num, rest) = rest.split_once(']')?;
    num.trim().parse::<usize>().ok()?;
    Some(rest.trim_start())
}

/// One entry `KIND. REASON (file@L.C--L.C)`; `None` if it is not a
/// verification failure.
fn parse_entry(text: &str) -> Option<BackendFailure> {
    let open = text.rfind(" (")?;
    let pos = text[open + 2..].strip_suffix(')')?;
    let body = &text[..open];
    let (start, end) = parse_position(pos)?;
    let (kind, reason_text) = split_kind(body)?;
    let (reason, offending) = parse_reason(reason_text);
    if matches!(kind, FailureKind::Other(_)) && matches!(reason, FailureReason::Other(_)) {
        return None;
    }
    Some(BackendFailure {
        kind,
        reason,
        offending,
        message: body.to_string(),
        start,
        end,
        offending_at: None,
        model: Vec::new(),
    })
}

/// `file@L.C--L.C`; `<no position>` gives line and column 0.
fn parse_position(pos: &str) -> Option<(LineCol, LineCol)> {
    if pos == "<no position>" {
        let none = LineCol { line: 0, column: 0 };
        return Some((none, none));
    }
    let (_, range) = pos.rsplit_once('@')?;
    parse_range(range)
}

/// `L.C--L.C`.
fn parse_range(range: &str) -> Option<(LineCol, LineCol)> {
    let (a, b) = range.split_once("--")?;
    let lc = |s: &str| -> Option<LineCol> {
        let (l, c) = s.split_once('.')?;
        Some(LineCol {
            line: l.parse().ok()?,
            column: c.parse().ok()?,
        })
    };
    Some((lc(a)?, lc(b)?))
}

/// Kinds whose text is `prefix … terminator`.
const KINDS: &[(&str, &str, FailureKind)] = &[
    ("Assert might fail.", "", FailureKind::AssertFailed),
    (
        "Postcondition of ",
        " might not hold.",
        FailureKind::PostconditionViolated,
    ),
    (
        "The precondition of method ",
        " might not hold.",
        FailureKind::CallPrecondition,
    ),
    (
        "Precondition of function ",
        " might not hold.",
        FailureKind::AppPrecondition,
    ),
    ("Assignment might fail.", "", FailureKind::AssignmentFailed),
    ("Method call might fail.", "", FailureKind::CallFailed),
    ("Exhale might fail.", "", FailureKind::ExhaleFailed),
    ("Inhale might fail.", "", FailureKind::InhaleFailed),
    ("Folding ", " might fail.", FailureKind::FoldFailed),
    ("Unfolding ", " might fail.", FailureKind::UnfoldFailed),
    ("Packaging wand might fail.", "", FailureKind::PackageFailed),
    ("Applying wand might fail.", "", FailureKind::ApplyFailed),
    (
        "Loop invariant ",
        " might not hold on entry.",
        FailureKind::LoopInvariantNotEstablished,
    ),
    (
        "Loop invariant ",
        " might not be preserved.",
        FailureKind::LoopInvariantNotPreserved,
    ),
    (
        "Contract might not be well-formed.",
        "",
        FailureKind::ContractNotWellformed,
    ),
    (
        "Function might not be well-formed.",
        "",
        FailureKind::FunctionNotWellformed,
    ),
    (
        "Predicate might not be well-formed.",
        "",
        FailureKind::PredicateNotWellformed,
    ),
    (
        "Refute holds in all cases",
        "`numberOfErrorsToReport`).",
        FailureKind::RefuteFailed,
    ),
];

/// Splits `KIND. REASON` into the kind and the reason's text.
fn split_kind(body: &str) -> Option<(FailureKind, &str)> {
    for (prefix, terminator, kind) in KINDS {
        if let Some(rest) = body.strip_prefix(prefix) {
            let after = if terminator.is_empty() {
                Some(rest)
            } else {
                rest.find(terminator).map(|i| &rest[i + terminator.len()..])
            };
            if let Some(after) = after {
                return Some((kind.clone(), after.trim_start()));
            }
        }
    }
    // Other kinds (`Conditional statement might fail.`): the text up to the
    // first full stop that ends a sentence.
    let i = body.find(". ")?;
    Some((
        FailureKind::Other(body[..=i].to_string()),
        body[i + 2..].trim_start(),
    ))
}

/// The reason and its offending expression.
fn parse_reason(text: &str) -> (FailureReason, String) {
    let between = |prefix: &str, suffix: &str| -> Option<String> {
        Some(
            text.strip_prefix(prefix)?
                .strip_suffix(suffix)?
                .trim()
                .to_string(),
        )
    };
    if let Some(e) = between("Assertion ", " might not hold.") {
        return (FailureReason::AssertionFalse, e);
    }
    if let Some(e) = between("There might be insufficient permission to access ", "") {
        return (FailureReason::InsufficientPermission, e);
    }
    // A wand that is not held: VerCors reads it as missing permission.
    if text == "Magic wand instance not found." {
        return (FailureReason::InsufficientPermission, String::new());
    }
    if let Some(e) = between("Divisor ", " might be zero.") {
        return (FailureReason::DivisionByZero, e);
    }
    // `fold`/`unfold` at an amount that may be 0 or below.
    if let Some(e) = between("Fraction ", " might not be positive.") {
        return (FailureReason::NegativePermission, e);
    }
    if let Some(e) = between("Fraction ", " might be negative.") {
        return (FailureReason::NegativePermission, e);
    }
    if let Some(e) = between("Quantified resource ", " might not be injective.") {
        return (FailureReason::NotInjective, e);
    }
    let index = |e: String| e.split(" into ").next().unwrap_or_default().to_string();
    if let Some(e) = between("Index ", " might be negative.") {
        return (FailureReason::SeqIndexNegative, index(e));
    }
    if let Some(e) = between("Index ", " might exceed sequence length.") {
        return (FailureReason::SeqIndexExceedsLength, index(e));
    }
    if let Some(e) = between("Map ", ".") {
        if let Some((m, k)) = e.split_once(" might not contain an entry at key ") {
            return (FailureReason::MapKey, format!("{m}[{k}]"));
        }
    }
    let offending = between("Assertion ", " definitely holds.").unwrap_or_default();
    (FailureReason::Other(text.to_string()), offending)
}

#[cfg(test)]
pub(crate) mod tests;
