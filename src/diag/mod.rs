//! Diagnostics: front-end errors and verification failures, on source spans.

pub mod clip;
pub mod code;
pub mod explain;
pub mod render;
pub mod sarif;

use crate::span::Span;
pub use code::{ErrorCode, FailureCode, Reason};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Failure(FailureCode),
    Error(ErrorCode),
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Code::Failure(c) => c.fmt(f),
            Code::Error(c) => c.fmt(f),
        }
    }
}

/// A secondary location with its own message ("at this return path").
#[derive(Clone, Debug, PartialEq)]
pub struct Related {
    pub span: Span,
    pub message: String,
    pub role: Role,
}

/// What a related location is to its diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Note,
    /// The end of the method a clause's failure belongs to, where VerCors
    /// reports it (a postcondition that may not hold): an expectation
    /// region around the method catches the failure too.
    MethodEnd,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub code: Code,
    /// The header line.
    pub message: String,
    /// None only for errors that have no place in a source file (a missing backend).
    pub span: Option<Span>,
    /// The text under the primary span.
    pub label: String,
    pub related: Vec<Related>,
    /// The values in the failing state, in the source's names, when the
    /// backend gave a model (`blame::model`).
    pub counterexample: Vec<SourceValue>,
}

/// One value of a counterexample: a parameter, a local or a field (`this.f`),
/// as the source names it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SourceValue {
    pub name: String,
    pub value: String,
}

impl Diagnostic {
    /// A front-end or tool error.
    pub fn error(code: ErrorCode, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: Code::Error(code),
            message: message.into(),
            span: Some(span),
            label: String::new(),
            related: Vec::new(),
            counterexample: Vec::new(),
        }
    }

    /// An error with no source location (backend missing, I/O).
    pub fn tool(code: ErrorCode, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: Code::Error(code),
            message: message.into(),
            span: None,
            label: String::new(),
            related: Vec::new(),
            counterexample: Vec::new(),
        }
    }

    pub fn failure(code: FailureCode, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: Code::Failure(code),
            message: message.into(),
            span: Some(span),
            label: String::new(),
            related: Vec::new(),
            counterexample: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    pub fn with_related(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            span,
            message: message.into(),
            role: Role::Note,
        });
        self
    }

    pub fn not_supported(span: Span, what: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::error(
            ErrorCode::NotSupported,
            span,
            format!("{what} is not supported yet"),
        )
    }
}

/// Front-end results: a value or the diagnostics that prevent it.
pub type Result<T> = std::result::Result<T, Vec<Diagnostic>>;

/// Sorts diagnostics by their place in the source, and keeps one of each
/// (the same message at the same span, as when a stage meets a construct
/// twice).
pub fn in_source_order(diags: &mut Vec<Diagnostic>) {
    diags.sort_by_key(|d| d.span.map(|s| (s.file, s.start, s.end)));
    diags.dedup_by(|a, b| a.span == b.span && a.message == b.message);
}
