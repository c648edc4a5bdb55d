//! Backends: provisioning, running, and reading their output into typed failures.

pub mod boogie;
pub mod cache;
pub mod process;
pub mod provision;
pub mod silicon;

use crate::syntax::span::LineCol;
use serde::{Deserialize, Serialize};
use std::time::Duration;

pub use crate::vir::failure::{FailureKind, FailureReason};

/// One failure as the backend reported it, in the generated file's coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackendFailure {
    pub kind: FailureKind,
    pub reason: FailureReason,
    /// The backend's text of the offending expression in the reason (`x.f`).
    pub offending: String,
    /// The whole message as printed.
    pub message: String,
    /// Start and end of the failing node in the generated text.
    pub start: LineCol,
    pub end: LineCol,
    /// Start and end of the reason's offending node in the generated text, when
    /// the backend tells (Silicon's warm driver does; its command line does not).
    pub offending_at: Option<(LineCol, LineCol)>,
    /// The values in the failing state, when asked for ([`RunOptions::counterexample`])
    /// and the backend gave a model: names as in the generated text.
    #[serde(default)]
    pub model: Vec<ModelValue>,
}

/// One value of a counterexample: a variable (`x`) or a field of the object a
/// variable holds (`this.C__f`), in the generated text's names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelValue {
    pub name: String,
    pub value: String,
}

/// The backend could not give a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// Something the backend needs is not there, and could not be provisioned.
    Missing { what: String, fix: String },
    /// Provisioning failed (download, checksum, extraction).
    Provision(String),
    /// Out of time; the members not verified by then (when the backend tells).
    Timeout {
        after: Duration,
        unfinished: Vec<String>,
    },
    /// The backend exited without a verdict (crash, parse error in the generated text).
    Crashed { status: Option<i32>, output: String },
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackendError::Missing { what, fix } => write!(f, "{what} is missing; to fix it: {fix}"),
            BackendError::Provision(m) => write!(f, "provisioning the backend failed: {m}"),
            BackendError::Timeout { after, unfinished } => {
                write!(f, "the backend timed out after {} s", after.as_secs())?;
                // The first few: a long list (a Boogie run killed at its deadline names
                // all its procedures) would bury the advice.
                const SHOWN: usize = 5;
                if !unfinished.is_empty() {
                    let shown = &unfinished[..unfinished.len().min(SHOWN)];
                    write!(f, " before it finished {}", shown.join(", "))?;
                    if unfinished.len() > SHOWN {
                        write!(f, " and {} more", unfinished.len() - SHOWN)?;
                    }
                }
                write!(f, "; raise it with --timeout SECONDS")
            }
            BackendError::Crashed { status, output } => write!(
                f,
                "the backend stopped without a verdict (exit status {}):\n{output}",
                status.map_or("none".to_string(), |s| s.to_string())
            ),
        }
    }
}

/// Settings of one backend run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub timeout: Duration,
    /// The solver's random seeds (for measuring stability); None: the backend's own.
    pub seed: Option<u64>,
    /// Use and keep verdicts in the cache ([`cache`]).
    pub cache: bool,
    /// Silicon on a warm worker ([`silicon::warm`]); false: a JVM of its own per run.
    pub warm: bool,
    /// Ask the backend for a model of each failure (a second Silicon run on
    /// failure: [`silicon::warm`]).
    pub counterexample: bool,
}

/// The backend's verdict: verified exactly when `failures` is empty.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Verdict {
    pub failures: Vec<BackendFailure>,
    pub time: Duration,
    /// Each member's name and time as the backend finished it (empty when it does not tell).
    pub members: Vec<(String, Duration)>,
    /// This verdict came from the cache (the times are those of the run that made it).
    #[serde(skip)]
    pub cached: bool,
}

impl cache::Kept for Verdict {
    fn mark_kept(&mut self) {
        self.cached = true;
    }
}
