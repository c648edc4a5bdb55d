//! Glue between the lalrpop grammar and the rest: parse a PVL file into a [`Unit`].

use super::ast::Unit;
use super::lexer::{LexError, Lexer, Token};
use super::span::{FileId, Span};
use crate::diag::{self, Diagnostic, ErrorCode};
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
    "/pvl.rs"
);

/// Parses one PVL file; the first syntax error becomes a `parseError` diagnostic.
pub fn parse_pvl(file: FileId, text: &str) -> diag::Result<Unit> {
    grammar::UnitParser::new()
        .parse(file, Lexer::new(text))
        .map_err(|e| vec![to_diagnostic(file, text, e)])
}

fn to_diagnostic(
    file: FileId,
    text: &str,
    err: ParseError<usize, Token<'_>, LexError>,
) -> Diagnostic {
    let (start, end, message) = super::expected::describe(err, expected_list)
        .unwrap_or_else(|error| (error.start, error.end, error.to_string()));
    let end = end.min(text.len());
    let start = start.min(end);
    Diagnostic::error(ErrorCode::ParseError, Span::new(file, start, end), message)
        .with_label("here")
}

/// Kinds of terminal that error messages name as one item: when more than
/// half of a kind's terminals are expected, the message says "an expression"
/// instead of listing them. Earlier kinds take their terminals first.
const GROUPS: &[(&str, &[&str])] = &[
    (
        "a statement",
        &[
            "if",
            "while",
            "for",
            "return",
            "assert",
            "assume",
            "inhale",
            "exhale",
            "refute",
            "fold",
            "unfold",
            "label",
            "fork",
            "join",
            "{",
            "ghost",
            "loop_invariant",
            "commit",
            "lock",
            "unlock",
            "wait",
            "notify",
        ],
    ),
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
            "(",
            "[",
            "|",
            "!",
            "-",
            "new",
            "\\old",
            "Perm",
            "PointsTo",
            "Value",
            "idle",
            "running",
            "perm",
            "\\unfolding",
            "unfolding",
            "Some",
            "None",
            "write",
            "read",
            "none",
            "\\array",
            "seq",
            "set",
            "bag",
            "held",
            "committed",
        ],
    ),
    (
        "a type",
        &[
            "int", "boolean", "bool", "void", "resource", "frac", "zfrac", "rational", "seq",
            "set", "bag", "option", "map",
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
        ],
    ),
    (
        "a modifier",
        &["static", "final", "ghost", "inline", "pure", "thread_local"],
    ),
    (
        "an operator",
        &[
            "==>", "**", "||", "&&", "==", "!=", "<", "<=", ">", ">=", "\\in", "+", "-", "*", "/",
            "%", "\\", ".", "[", "?",
        ],
    ),
];

/// "`;`, `,` or an expression" from lalrpop's quoted terminal names.
fn expected_list(expected: &[String]) -> String {
    super::expected::expected_list(expected, GROUPS, |kinds, left| {
        // A statement may start with an expression, a type or a loop contract.
        if kinds.first().is_some_and(|k| k == "a statement") {
            kinds.truncate(1);
            left.retain(|n| !GROUPS[1..4].iter().any(|(_, ms)| ms.contains(n)));
        }
    })
}
