//! Reading Boogie 2.4.1's standard output into errors, or into why it has no verdict.
//!
//! What Boogie 2.4.1 prints (found by running it; it exits 0 in all of these):
//!
//! * a verification error: `F(L,C): Error BP5001: This assertion might not hold.`,
//!   then `F(L,C): Related location: …` lines (BP5002: the precondition, BP5003: the
//!   postcondition; for BP5003 the error itself is at the return path), then
//!   `Execution trace:` and indented `    F(L,C): label` lines;
//! * with `assert {:msg "text"} …` the error line is replaced by the bare text, with no
//!   position and no code (read as [`BoogieCode::Other`] with an empty code at 0:0);
//! * per procedure that ran out of time: `F(L,C): Verification of 'P' timed out after N
//!   seconds` and `F(L,C): Timed out on BP5001: …`; likewise `Verification out of
//!   resource (P)`, `Verification out of memory (P)`, `Verification inconclusive (P)`;
//! * the summary `Boogie program verifier finished with V verified, E error(s)`, followed
//!   by `, N inconclusive`, `, N time out(s)`, `, N out of memory`, `, N out of resource`
//!   when those are not zero; `E` counts every error line, not procedures;
//! * errors in the input instead of a summary: `F(L,C): error: ";" expected` and
//!   `N parse errors detected in F`; `F(L,C): Error: undeclared identifier: y` and
//!   `N name resolution errors detected in F`; `N type checking errors detected in F`;
//! * with Z3 4.8 or later, once per prover start, the harmless block
//!   `Prover error: line L column C: unknown parameter 'model_compress'`,
//!   `Legal parameters are:` and one `  name (type) (default: …)` line per Z3 parameter.
//!   Boogie sends `(set-option :model_compress false)` whenever `z3 --version` says 4.8
//!   or later, and no Boogie option removes it (see `super` for what was tried), so
//!   [`without_noise`] drops it;
//! * with `/trace`, which weft passes: `[TRACE] …`, `Parsing F`, `Coalescing blocks...`,
//!   `Inlining...`, `Running abstract interpretation...` and `  [T s]`, `Linearising   [T s]`
//!   (once per prover start, when its input took long to write), then per procedure
//!   `Verifying P ...` and, before its errors, `  [T s, N proof obligations]  OUTCOME`
//!   (`verified`, `error`, `errors`, `timed out`, …). Boogie 2.4.1 reports a procedure
//!   whose solver ran out of time *after* it found an error as `errors`, with no timeout
//!   line: the errors it found, and none of the asserts it had not decided. Only the
//!   procedure's time tells, read by [`ran_out_of_time`].

use super::{BoogieCode, BoogieError};
use crate::syntax::span::LineCol;

/// Why an output holds no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoVerdict {
    /// A procedure ran out of its `/timeLimit`; the procedures Boogie named.
    TimedOut(Vec<String>),
    /// Anything else (input errors, inconclusive results, crash, unknown output), said in
    /// a sentence that quotes the output's relevant lines.
    Failed(String),
}

/// `out` without the `model_compress` blocks.
pub fn without_noise(out: &str) -> String {
    let mut kept = String::with_capacity(out.len());
    for line in out.lines() {
        // The parameter lines are matched on their own, not only after the block's
        // header, so that a block torn apart by interleaved output is still removed.
        let noise = (line.starts_with("Prover error:")
            && line.contains("unknown parameter 'model_compress'"))
            || line == "Legal parameters are:"
            || is_z3_parameter_line(line);
        if !noise {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// `  name (type)` or `  name (type) (default: value)`, as Z3 lists its parameters.
fn is_z3_parameter_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("  ") else {
        return false;
    };
    let Some((name, rest)) = rest.split_once(" (") else {
        return false;
    };
    let name_ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.');
    let Some((ty, rest)) = rest.split_once(')') else {
        return false;
    };
    let ty_ok = !ty.is_empty() && ty.chars().all(|c| c.is_ascii_lowercase() || c == ' ');
    name_ok && ty_ok && (rest.is_empty() || rest.starts_with(" (default:"))
}

/// The counts of the summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Summary {
    errors: usize,
    timeouts: usize,
    /// Inconclusive, out of memory and out of resource together.
    inconclusive: usize,
}

const SUMMARY: &str = "Boogie program verifier finished with ";

/// `V verified, E errors[, N inconclusive][, N time outs][, N out of memory][, N out of resource]`.
fn parse_summary(rest: &str) -> Option<Summary> {
    let mut summary = Summary::default();
    let mut parts = rest.split(", ");
    let verified = parts.next()?.strip_suffix(" verified")?;
    verified.parse::<usize>().ok()?;
    let (n, word) = parts.next()?.split_once(' ')?;
    if word != "error" && word != "errors" {
        return None;
    }
    summary.errors = n.parse().ok()?;
    for part in parts {
        let (n, what) = part.split_once(' ')?;
        let n: usize = n.parse().ok()?;
        match what {
            "time out" | "time outs" => summary.timeouts += n,
            "inconclusive" | "out of memory" | "out of resource" => summary.inconclusive += n,
            _ => return None,
        }
    }
    Some(summary)
}

/// `F(L,C): rest` → the position and `rest`.
pub(super) fn located(line: &str) -> Option<(LineCol, &str)> {
    let open = line.find('(')?;
    if line[..open].contains(char::is_whitespace) {
        return None;
    }
    let (pos, rest) = line[open + 1..].split_once("): ")?;
    let (l, c) = pos.split_once(',')?;
    let at = LineCol {
        line: l.parse().ok()?,
        column: c.parse().ok()?,
    };
    Some((at, rest))
}

/// `BP5001` → [`BoogieCode::Assertion`], …
fn code(text: &str) -> BoogieCode {
    match text {
        "BP5001" => BoogieCode::Assertion,
        "BP5002" => BoogieCode::Precondition,
        "BP5003" => BoogieCode::Postcondition,
        "BP5004" => BoogieCode::InvariantEntry,
        "BP5005" => BoogieCode::InvariantMaintained,
        other => BoogieCode::Other(other.to_string()),
    }
}

/// What the line before was, for the lines that belong to it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    /// An error or its related location: a `Related location:` line adds to it.
    Error,
    /// A timeout or inconclusive line (its related locations are ignored).
    NoVerdict,
    /// A line weft does not know: followed by `Execution trace:`, an `{:msg}` error.
    Unknown,
    Other,
}

/// Located lines that mean a procedure has no verdict, other than timeouts.
const INCONCLUSIVE: &[&str] = &[
    "Out of resource on ",
    "Out of memory on ",
    "Verification out of resource (",
    "Verification out of memory (",
    "Verification inconclusive (",
];

/// What `/trace` prints besides errors: progress, and each procedure's time.
fn is_trace(line: &str) -> bool {
    line.starts_with("[TRACE] ")
        || line.starts_with("Parsing ")
        || matches!(
            line,
            "Coalescing blocks..." | "Inlining..." | "Running abstract interpretation..."
        )
        || (line.starts_with("Verifying ") && line.ends_with(" ..."))
        || procedure_time(line).is_some()
        || seconds_only(line.trim_start())
        // The prover's own step (`Provers.SMTLib`), timed.
        || line
            .strip_prefix("Linearising")
            .is_some_and(|r| seconds_only(r.trim_start()))
}

/// `[T s]`.
fn seconds_only(text: &str) -> bool {
    (text.strip_prefix('['))
        .and_then(|r| r.strip_suffix(" s]"))
        .is_some_and(|t| t.parse::<f64>().is_ok())
}

/// `  [T s, N proof obligations]  OUTCOME` → the seconds and the outcome.
fn procedure_time(line: &str) -> Option<(f64, &str)> {
    let rest = line.trim_start().strip_prefix('[')?;
    let (inside, outcome) = rest.split_once(']')?;
    let (seconds, obligations) = inside.split_once(", ")?;
    let count = (obligations.strip_suffix(" proof obligations"))
        .or_else(|| obligations.strip_suffix(" proof obligation"))?;
    count.parse::<usize>().ok()?;
    let seconds = seconds.strip_suffix(" s")?.parse::<f64>().ok()?;
    Some((seconds, outcome.trim()))
}

/// The procedures `/trace` shows with their time: those that have a verdict.
pub fn finished(out: &str) -> Vec<String> {
    procedure_times(out)
        .map(|(p, _, _)| p.to_string())
        .collect()
}

/// Each procedure of `/trace`'s output with its seconds and outcome.
fn procedure_times(out: &str) -> impl Iterator<Item = (&str, f64, &str)> {
    let mut current: Option<&str> = None;
    out.lines().filter_map(move |line| {
        if let Some(p) = line
            .strip_prefix("Verifying ")
            .and_then(|r| r.strip_suffix(" ..."))
        {
            current = Some(p);
            None
        } else {
            let (seconds, outcome) = procedure_time(line)?;
            Some((current.take()?, seconds, outcome))
        }
    })
}

/// The procedures that `/trace` shows took at least `limit` seconds and still
/// ended in errors. A query that ran out of time took the whole limit, so a
/// procedure faster than that decided every assert; a slower one may have
/// stopped at its limit with asserts undecided, which Boogie 2.4.1 does not say
/// (see the module's notes). Such a procedure has no verdict.
pub fn ran_out_of_time(out: &str, limit: u64) -> Vec<String> {
    procedure_times(out)
        .filter(|(_, seconds, outcome)| *seconds >= limit as f64 && outcome.starts_with("error"))
        .map(|(p, _, _)| p.to_string())
        .collect()
}

/// `N parse errors detected in F`, and likewise name resolution and type checking.
fn is_input_error_count(line: &str) -> bool {
    let mut words = line.splitn(2, ' ');
    let counted = words.next().is_some_and(|n| n.parse::<usize>().is_ok());
    counted
        && words
            .next()
            .is_some_and(|rest| rest.contains(" errors detected in "))
}

/// Boogie's errors from its standard output: `Ok` only with the summary line, no
/// timeout, inconclusive result, input error or unknown line, and as many errors as the
/// summary counts. `Ok(vec![])` means verified.
pub fn parse_output(out: &str) -> Result<Vec<BoogieError>, NoVerdict> {
    let out = without_noise(out);
    let mut errors: Vec<BoogieError> = Vec::new();
    let mut summary = None;
    // Lines that rule a verdict out, quoted in the reason.
    let mut input_errors = Vec::new();
    let mut timeouts = Vec::new();
    let mut inconclusive = Vec::new();
    let mut unknown: Vec<&str> = Vec::new();
    let mut prev = Prev::Other;
    let mut in_trace = false;
    for line in out.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if in_trace && line.starts_with(char::is_whitespace) {
            continue;
        }
        in_trace = false;
        let mut now = Prev::Other;
        if line == "Execution trace:" {
            in_trace = true;
            // The bare text of an `{:msg}` error comes right before its trace.
            if prev == Prev::Unknown {
                let text = unknown.pop().unwrap_or_default();
                errors.push(BoogieError {
                    code: BoogieCode::Other(String::new()),
                    at: LineCol { line: 0, column: 0 },
                    message: text.strip_prefix("Error: ").unwrap_or(text).to_string(),
                    related: Vec::new(),
                });
            }
        } else if let Some(rest) = line.strip_prefix(SUMMARY) {
            match parse_summary(rest) {
                Some(s) if summary.is_none() => summary = Some(s),
                _ => unknown.push(line),
            }
        } else if is_input_error_count(line) {
            input_errors.push(line);
        } else if is_trace(line) {
            // Progress of `/trace`: read by `ran_out_of_time`.
        } else if let Some((at, rest)) = located(line) {
            if let Some(rest) = rest.strip_prefix("Error BP") {
                let (num, message) = rest.split_once(": ").unwrap_or((rest, ""));
                errors.push(BoogieError {
                    code: code(&format!("BP{num}")),
                    at,
                    message: message.to_string(),
                    related: Vec::new(),
                });
                now = Prev::Error;
            } else if rest.starts_with("Related location:") {
                match errors.last_mut() {
                    Some(e) if prev == Prev::Error => {
                        e.related.push(at);
                        now = Prev::Error;
                    }
                    // After a timeout's line: there is no verdict anyway.
                    _ if prev == Prev::NoVerdict => now = Prev::NoVerdict,
                    _ => unknown.push(line),
                }
            } else if rest.starts_with("Error:") || rest.starts_with("error:") {
                input_errors.push(line);
            } else if rest.starts_with("Timed out on ")
                || (rest.starts_with("Verification of '") && rest.contains("' timed out after "))
            {
                timeouts.push(line);
                now = Prev::NoVerdict;
            } else if INCONCLUSIVE.iter().any(|p| rest.starts_with(p)) {
                inconclusive.push(line);
                now = Prev::NoVerdict;
            } else if rest.starts_with("Warning") || rest.starts_with("warning") {
                // Warnings (e.g. about attributes) do not change the verdict.
            } else {
                unknown.push(line);
                now = Prev::Unknown;
            }
        } else {
            unknown.push(line);
            now = Prev::Unknown;
        }
        prev = now;
    }
    let quote = |lines: &[&str]| lines.join("\n");
    if !input_errors.is_empty() {
        return Err(NoVerdict::Failed(format!(
            "Boogie rejected the generated program:\n{}",
            quote(&input_errors)
        )));
    }
    if !unknown.is_empty() {
        return Err(NoVerdict::Failed(format!(
            "Boogie printed something weft does not know:\n{}",
            quote(&unknown)
        )));
    }
    let Some(summary) = summary else {
        return Err(NoVerdict::Failed(format!(
            "Boogie stopped without its summary line; it printed:\n{}",
            out.trim_end()
        )));
    };
    if summary.timeouts > 0 || !timeouts.is_empty() {
        let procedures = timeouts
            .iter()
            .filter_map(|l| {
                let rest = &l[l.find("Verification of '")? + "Verification of '".len()..];
                Some(rest[..rest.find('\'')?].to_string())
            })
            .collect();
        return Err(NoVerdict::TimedOut(procedures));
    }
    if summary.inconclusive > 0 || !inconclusive.is_empty() {
        return Err(NoVerdict::Failed(format!(
            "Boogie's result is inconclusive:\n{}",
            quote(&inconclusive)
        )));
    }
    if summary.errors != errors.len() {
        return Err(NoVerdict::Failed(format!(
            "Boogie's summary counts {} error(s) but weft read {}",
            summary.errors,
            errors.len()
        )));
    }
    Ok(errors)
}
