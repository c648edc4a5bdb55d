//! Glue between the Java grammar and the rest: parse a Java file into the
//! shared syntax tree, with the same diagnostics as the PVL parser
//! (`parseError`), plus `notSupported` for Java outside the subset.

use super::builders::JUnit;
use super::lexer::{JavaError, JavaErrorKind, Lexer, Token};
use crate::diag::{self, Diagnostic, ErrorCode};
use crate::syntax::ast::Unit;
use crate::syntax::span::{FileId, Span};
use lalrpop_util::ParseError;

lalrpop_util::lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        unused_parens,
        unused_imports,
        dead_code
    )]
    grammar,
    "/java.rs"
);

/// Parses one Java file into the shared tree.
pub fn parse_java(file: FileId, text: &str) -> diag::Result<Unit> {
    parse_java_unit(file, text).map(|u| u.unit)
}

/// Parses one Java file, keeping its imports. Every "not supported" construct
/// is reported (parsing goes on past them); a syntax error stops the parse.
pub fn parse_java_unit(file: FileId, text: &str) -> diag::Result<JUnit> {
    let mut errors = Vec::new();
    let mut lexer = Lexer::new(text);
    let result = grammar::UnitParser::new().parse(file, &mut errors, &mut lexer);
    let mut diags: Vec<Diagnostic> = errors
        .into_iter()
        .map(|e| error_diagnostic(file, text, e))
        .collect();
    match result {
        Ok(mut u) if diags.is_empty() => {
            u.unit.spec_regions = (lexer.spec_regions().iter())
                .map(|r| span(file, text, r.start, r.end))
                .collect();
            return Ok(u);
        }
        Ok(_) => {}
        Err(e) => diags.push(to_diagnostic(file, text, e)),
    }
    diags.sort_by_key(|d| d.span.map(|s| s.start));
    Err(diags)
}

fn span(file: FileId, text: &str, start: usize, end: usize) -> Span {
    let end = end.min(text.len());
    Span::new(file, start.min(end), end)
}

fn error_diagnostic(file: FileId, text: &str, e: JavaError) -> Diagnostic {
    let code = match e.kind {
        JavaErrorKind::NotSupported(_) => ErrorCode::NotSupported,
        _ => ErrorCode::ParseError,
    };
    let msg = e.to_string();
    Diagnostic::error(code, span(file, text, e.start, e.end), msg).with_label("here")
}

fn to_diagnostic(
    file: FileId,
    text: &str,
    err: ParseError<usize, Token<'_>, JavaError>,
) -> Diagnostic {
    let (start, end, message) = match crate::syntax::expected::describe(err, expected_list) {
        Ok(located) => located,
        Err(error) => return error_diagnostic(file, text, error),
    };
    Diagnostic::error(ErrorCode::ParseError, span(file, text, start, end), message)
        .with_label("here")
}

/// Kinds of terminal an error message names as one item when most of a
/// kind's terminals are expected.
const GROUPS: &[(&str, &[&str])] = &[
    (
        "an expression",
        &[
            "identifier",
            "integer",
            "true",
            "false",
            "null",
            "this",
            "\\result",
            "\\current_thread",
            "(",
            "!",
            "-",
            "new",
            "\\old",
            "Perm",
            "PointsTo",
            "Value",
            "perm",
            "write",
            "read",
            "none",
        ],
    ),
    (
        "a type",
        &[
            "int", "boolean", "void", "resource", "frac", "zfrac", "rational", "seq", "set",
        ],
    ),
    (
        "a contract clause",
        &[
            "requires",
            "ensures",
            "context",
            "context_everywhere",
            "loop_invariant",
            "decreases",
            "given",
            "yields",
            "also",
        ],
    ),
    (
        "a modifier",
        &[
            "public",
            "private",
            "protected",
            "static",
            "final",
            "abstract",
            "native",
            "synchronized",
            "volatile",
            "transient",
            "ghost",
            "pure",
            "inline",
            "thread_local",
            "lemma",
            "group",
            "@",
        ],
    ),
    (
        "an operator",
        &[
            "==>", "**", "||", "&&", "==", "!=", "<", "<=", ">", ">=", "\\in", "+", "-", "*", "/",
            "%", "\\", ".", "[", "?", "spec->", "?.", "bit|", "&", "^",
        ],
    ),
];

fn expected_list(expected: &[String]) -> String {
    // Tokens the lexer tells apart by where they stand read as written.
    crate::syntax::expected::expected_list(expected, GROUPS, |_, left| {
        for n in left.iter_mut() {
            *n = match *n {
                "spec->" => "->",
                "bit|" => "|",
                x => x,
            };
        }
        left.dedup();
    })
}
