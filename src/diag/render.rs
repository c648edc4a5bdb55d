//! Rendering of diagnostics: human (codespan-reporting) and JSON.
//!
//! Human output is one codespan diagnostic per weft diagnostic, with the failure or error code
//! in the header (`error[postFailed:false]: …`). JSON output is one [`Report`] object, the
//! shape documented in CONVENTIONS.md ("JSON format"); lines and columns are 1-based.

use std::io;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::term::{self, Config, WriteStyle};
use serde::{Deserialize, Serialize};

use super::clip::Clipped;
use super::{Code, Diagnostic, SourceValue};
use crate::span::{FileId, Files, Span};

// ---------------------------------------------------------------------------------------------
// Human format
// ---------------------------------------------------------------------------------------------

/// The codespan form of a diagnostic: every weft diagnostic is an error (failures included:
/// a failed proof is not a warning), the code goes in the header.
pub fn to_codespan(d: &Diagnostic) -> CsDiagnostic<FileId> {
    let mut labels = Vec::new();
    if let Some(span) = d.span {
        labels.push(Label::primary(span.file, span.range()).with_message(&d.label));
        // Related spans only make sense next to a primary one; without it codespan would
        // pick a related span as the locus, which misleads.
        labels.extend(
            d.related
                .iter()
                .map(|r| Label::secondary(r.span.file, r.span.range()).with_message(&r.message)),
        );
    }
    let code = d.code.to_string();
    let mut notes = Vec::new();
    if !d.counterexample.is_empty() {
        let values: Vec<String> = (d.counterexample.iter())
            .map(|v| format!("{} = {}", v.name, v.value))
            .collect();
        notes.push(format!("counterexample: {}", values.join(", ")));
    }
    if let Some(h) = super::explain::hint(&code) {
        let stem = super::explain::stem(&code);
        notes.push(format!("help: {h} (`weft explain {stem}`)"));
    }
    CsDiagnostic::error()
        .with_code(code)
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes)
}

/// Writes `diags` to a styled writer (a `termcolor` stream, or [`term::termcolor::Buffer`]).
pub fn emit_human<W: WriteStyle + ?Sized>(
    out: &mut W,
    files: &Files,
    diags: &[Diagnostic],
) -> io::Result<()> {
    let config = Config::default();
    for d in diags {
        let (view, d) = Clipped::new(files, to_codespan(d));
        term::emit_to_write_style(out, &config, &view, &d).map_err(to_io)?;
    }
    Ok(())
}

/// Writes `diags` to stderr; `colour`: `None` when stderr is a terminal
/// (and `NO_COLOR` is not set), else as told.
pub fn emit_human_stderr(
    files: &Files,
    diags: &[Diagnostic],
    colour: Option<bool>,
) -> io::Result<()> {
    use term::termcolor::{BufferedStandardStream, ColorChoice};
    let choice = match colour {
        Some(true) => ColorChoice::Always,
        Some(false) => ColorChoice::Never,
        // termcolor's Auto leaves colours out under NO_COLOR or TERM=dumb.
        None if io::IsTerminal::is_terminal(&io::stderr()) => ColorChoice::Auto,
        None => ColorChoice::Never,
    };
    // Buffered: the renderer writes a character at a time, a system call
    // each on a bare stream (a 10 MB line took 20 s).
    let mut stream = BufferedStandardStream::stderr(choice);
    emit_human(&mut stream, files, diags)?;
    io::Write::flush(&mut stream)
}

/// The human rendering without colours, as a string (tests, snapshots, `--format human` to a
/// pipe).
pub fn human_string(files: &Files, diags: &[Diagnostic]) -> io::Result<String> {
    let config = Config::default();
    let mut out = Vec::new();
    for d in diags {
        let (view, d) = Clipped::new(files, to_codespan(d));
        term::emit_to_io_write(&mut out, &config, &view, &d).map_err(to_io)?;
    }
    String::from_utf8(out).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

fn to_io(e: codespan_reporting::files::Error) -> io::Error {
    match e {
        codespan_reporting::files::Error::Io(e) => e,
        other => io::Error::other(other.to_string()),
    }
}

// ---------------------------------------------------------------------------------------------
// JSON format
// ---------------------------------------------------------------------------------------------

/// The outcome of a run, the first field of the JSON report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every check passed (and every expectation was met).
    Verified,
    /// Verification failures, no errors.
    Failed,
    /// Front-end or tool errors: the program was not (completely) verified.
    Error,
}

/// The JSON report of one run (`--format json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub verdict: Verdict,
    pub backend: String,
    pub files: Vec<String>,
    pub time_ms: u64,
    pub failures: Vec<Entry>,
    pub errors: Vec<Entry>,
    /// Each backend program of the run (independent files are programs of their own).
    #[serde(default)]
    pub programs: Vec<ProgramEntry>,
}

/// One backend program of a run and what its backend run took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramEntry {
    pub files: Vec<String>,
    pub time_ms: u64,
    /// The verdict came from weft's cache of verdicts (`time_ms` is the run that made it).
    pub cached: bool,
    /// Each method, function and predicate the backend reported, with its time.
    #[serde(default)]
    pub members: Vec<MemberEntry>,
    /// What the run says beyond its failures: for a program explored for
    /// atomicity, each annotated method's verdict with the bound and states.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One member's verification time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemberEntry {
    pub name: String,
    pub time_ms: u64,
}

/// One diagnostic in the JSON report. Positions are absent only for errors with no place in a
/// source file (a missing backend). `end_line`/`end_column` point just past the span.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_column: Option<usize>,
    /// The text under the primary span, when there is one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// What usually fixes it, in one line (`weft explain CODE` says more).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hint: String,
    #[serde(default)]
    pub related: Vec<RelatedEntry>,
    /// The values in the failing state, when the backend gave a model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counterexample: Vec<SourceValue>,
}

/// A secondary location of a diagnostic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RelatedEntry {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: String,
}

impl Report {
    /// Builds the report of a run: failures are the `Code::Failure` diagnostics, errors the
    /// `Code::Error` ones; `files` lists every file in the store.
    pub fn new(
        backend: impl Into<String>,
        files: &Files,
        diags: &[Diagnostic],
        time_ms: u64,
    ) -> Report {
        let (mut failures, mut errors) = (Vec::new(), Vec::new());
        for d in diags {
            let entry = Entry::new(files, d);
            match d.code {
                Code::Failure(_) => failures.push(entry),
                Code::Error(_) => errors.push(entry),
            }
        }
        let verdict = if !errors.is_empty() {
            Verdict::Error
        } else if !failures.is_empty() {
            Verdict::Failed
        } else {
            Verdict::Verified
        };
        Report {
            verdict,
            backend: backend.into(),
            files: files.ids().map(|id| files.name(id).to_string()).collect(),
            time_ms,
            failures,
            errors,
            programs: Vec::new(),
        }
    }

    /// Sets the programs of the run.
    pub fn with_programs(mut self, programs: Vec<ProgramEntry>) -> Report {
        self.programs = programs;
        self
    }

    /// Replaces the file list (when the store also holds files the user did not name, such as
    /// a specification library).
    pub fn with_files(mut self, names: Vec<String>) -> Report {
        self.files = names;
        self
    }

    pub fn to_json(&self) -> String {
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!("{{\"verdict\":\"error\",\"internal\":\"{e}\"}}"))
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|_| self.to_json())
    }
}

/// 1-based (line, column, end_line, end_column) of a span.
pub fn position(files: &Files, span: Span) -> (usize, usize, usize, usize) {
    let start = files.line_col(span.file, span.start as usize);
    let end = files.line_col(span.file, span.end as usize);
    (start.line, start.column, end.line, end.column)
}

impl Entry {
    pub fn new(files: &Files, d: &Diagnostic) -> Entry {
        let pos = d
            .span
            .map(|s| (files.name(s.file).to_string(), position(files, s)));
        let related = d
            .related
            .iter()
            .map(|r| {
                let (line, column, end_line, end_column) = position(files, r.span);
                RelatedEntry {
                    file: files.name(r.span.file).to_string(),
                    line,
                    column,
                    end_line,
                    end_column,
                    message: r.message.clone(),
                }
            })
            .collect();
        let (file, line, column, end_line, end_column) = match pos {
            Some((f, (l, c, el, ec))) => (Some(f), Some(l), Some(c), Some(el), Some(ec)),
            None => (None, None, None, None, None),
        };
        Entry {
            code: d.code.to_string(),
            message: d.message.clone(),
            file,
            line,
            column,
            end_line,
            end_column,
            label: d.label.clone(),
            hint: super::explain::hint(&d.code.to_string())
                .unwrap_or_default()
                .to_string(),
            related,
            counterexample: d.counterexample.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{ErrorCode, FailureCode, Reason};

    const SRC: &str =
        "class C {\n  int x;\n  ensures x == \\old(x) + 2;\n  void m() {\n    x = x + 1;\n  }\n}\n";

    fn setup() -> (Files, FileId) {
        let mut files = Files::new();
        let id = files.add("examples/counter.pvl", SRC);
        (files, id)
    }

    fn span_of(id: FileId, needle: &str) -> Span {
        let start = SRC.find(needle).unwrap();
        Span::new(id, start, start + needle.len())
    }

    fn post_failure(id: FileId) -> Diagnostic {
        Diagnostic::failure(
            FailureCode::PostFailed(Reason::False),
            span_of(id, "x == \\old(x) + 2;"),
            "postcondition may not hold",
        )
        .with_label("this may be false when the method returns")
        .with_related(span_of(id, "x = x + 1;"), "at this return path")
    }

    #[test]
    fn human_header_labels_and_lines() {
        let (files, id) = setup();
        let out = human_string(&files, &[post_failure(id)]).unwrap();
        assert!(
            out.starts_with("error[postFailed:false]: postcondition may not hold\n"),
            "{out}"
        );
        assert!(out.contains("examples/counter.pvl:3:11"), "{out}");
        assert!(out.contains("3 │   ensures x == \\old(x) + 2;"), "{out}");
        assert!(
            out.contains("^^^^^^^^^^^^^^^^^ this may be false when the method returns"),
            "{out}"
        );
        assert!(out.contains("5 │     x = x + 1;"), "{out}");
        assert!(out.contains("--------- at this return path"), "{out}");
    }

    #[test]
    fn human_without_span_is_the_header_and_the_hint() {
        let (files, _) = setup();
        let d = Diagnostic::tool(ErrorCode::Backend, "silicon not found");
        let out = human_string(&files, &[d]).unwrap();
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("error[backendError]: silicon not found"));
        let help = lines.next().unwrap_or_default();
        assert!(
            help.contains("= help: ") && help.contains("`weft explain backendError`"),
            "{out}"
        );
        assert!(!out.contains('┌'), "{out}");
    }

    #[test]
    fn human_to_styled_buffer() {
        let (files, id) = setup();
        let mut buf = term::termcolor::Buffer::no_color();
        emit_human(&mut buf, &files, &[post_failure(id), post_failure(id)]).unwrap();
        let out = String::from_utf8(buf.into_inner()).unwrap();
        assert_eq!(out.matches("error[postFailed:false]").count(), 2);
    }

    #[test]
    fn json_fields() {
        let (files, id) = setup();
        let diags = [post_failure(id)];
        let report = Report::new("silicon", &files, &diags, 1234);
        assert_eq!(report.verdict, Verdict::Failed);
        let v: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(v["verdict"], "failed");
        assert_eq!(v["backend"], "silicon");
        assert_eq!(v["files"][0], "examples/counter.pvl");
        assert_eq!(v["time_ms"], 1234);
        let f = &v["failures"][0];
        assert_eq!(f["code"], "postFailed:false");
        assert_eq!(f["message"], "postcondition may not hold");
        assert_eq!(f["file"], "examples/counter.pvl");
        assert_eq!(
            (f["line"].as_u64(), f["column"].as_u64()),
            (Some(3), Some(11))
        );
        assert_eq!(
            (f["end_line"].as_u64(), f["end_column"].as_u64()),
            (Some(3), Some(28))
        );
        let r = &f["related"][0];
        assert_eq!(
            (r["line"].as_u64(), r["column"].as_u64()),
            (Some(5), Some(5))
        );
        assert_eq!(r["message"], "at this return path");
        assert_eq!(v["errors"].as_array().unwrap().len(), 0);
        // The report reads back as itself.
        let back: Report = serde_json::from_str(&report.to_json_pretty()).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn json_errors_and_verdicts() {
        let (files, id) = setup();
        let parse = Diagnostic::error(ErrorCode::ParseError, span_of(id, "void"), "expected `;`");
        let tool = Diagnostic::tool(ErrorCode::Backend, "timeout");
        let report = Report::new("silicon", &files, &[parse, tool, post_failure(id)], 0);
        assert_eq!(report.verdict, Verdict::Error);
        assert_eq!(report.errors.len(), 2);
        assert_eq!(report.failures.len(), 1);
        let v: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(v["verdict"], "error");
        assert_eq!(v["errors"][0]["code"], "parseError");
        assert_eq!(v["errors"][0]["line"], 4);
        assert_eq!(v["errors"][0]["column"], 3);
        assert!(v["errors"][1].get("line").is_none());
        assert_eq!(v["errors"][1]["code"], "backendError");

        let ok = Report::new("silicon", &files, &[], 5).with_files(vec!["a.pvl".into()]);
        assert_eq!(ok.verdict, Verdict::Verified);
        assert!(ok.to_json().contains("\"verdict\":\"verified\""));
        assert!(ok.to_json().contains("\"files\":[\"a.pvl\"]"));
    }
}
