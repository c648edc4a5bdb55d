//! Glue between the lalrpop grammar and the rest: parse a PVL file into a [`Unit`].

use super::ast::{Block, Unit};
use super::builders::Top;
use super::lexer::{LexError, Lexer, Spanned, Token};
use super::skim::Skim;
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
    parse_whole(file, text)
}

/// [`parse_pvl`], leaving method bodies unparsed (`super::skim`). A large
/// file is cut in two and the halves skimmed on two threads. If the skim or
/// either half does not parse (a comment or a class cut in two, or a real
/// error), the file is parsed whole, which gives its first error.
pub fn skim_pvl(file: FileId, text: &str) -> diag::Result<Unit> {
    let skim = |part: &str, at: usize| unit(file, Skim::new(Lexer::part(part, at)));
    let skimmed = match split_point(text) {
        Some(at) => {
            let (head, tail) = text.split_at(at);
            let (first, second) = std::thread::scope(|s| {
                let second = s.spawn(|| skim(tail, at));
                (skim(head, 0), second.join())
            });
            match (first, second) {
                (Ok(mut first), Ok(Ok(second))) => {
                    first.decls.extend(second.decls);
                    Ok(first)
                }
                _ => Err(()),
            }
        }
        None => skim(text, 0),
    };
    skimmed.or_else(|()| parse_whole(file, text))
}

/// The unit the tokens make, if they make one.
fn unit<'i>(file: FileId, tokens: impl Iterator<Item = Spanned<'i>>) -> Result<Unit, ()> {
    match grammar::TopParser::new().parse(file, tokens) {
        Ok(Top::Unit(u)) => Ok(u),
        _ => Err(()),
    }
}

fn parse_whole(file: FileId, text: &str) -> diag::Result<Unit> {
    match grammar::TopParser::new().parse(file, Lexer::new(text)) {
        Ok(Top::Unit(u)) => Ok(u),
        Ok(Top::Body(b)) => Err(vec![Diagnostic::error(
            ErrorCode::ParseError,
            b.span,
            "expected a declaration",
        )]),
        Err(e) => Err(vec![to_diagnostic(file, text, e)]),
    }
}

/// Parses the body at `at` of `file`, whose text is `text` (a body the skim left).
pub fn parse_body(file: FileId, text: &str, at: Span) -> diag::Result<Block> {
    parse_block(file, text, super::skim::body_tokens(text, at))
}

/// The method body that `tokens` (starting with the body mark) make.
fn parse_block<'i>(
    file: FileId,
    text: &str,
    tokens: impl Iterator<Item = Spanned<'i>>,
) -> diag::Result<Block> {
    match grammar::TopParser::new().parse(file, tokens) {
        Ok(Top::Body(b)) => Ok(b),
        Ok(Top::Unit(_)) => Err(vec![Diagnostic::error(
            ErrorCode::ParseError,
            Span::new(file, 0, 0),
            "expected a method body",
        )]),
        Err(e) => Err(vec![to_diagnostic(file, text, e)]),
    }
}

/// Files below this size are parsed on one thread.
const PARALLEL_FROM: usize = 256 * 1024;

/// Where a large file may be cut in two to parse the halves on two threads:
/// the start of a line, past the middle, that starts a class. A file is a
/// sequence of declarations, so if both halves parse, their declarations
/// together are the file's.
fn split_point(text: &str) -> Option<usize> {
    if text.len() < PARALLEL_FROM {
        return None;
    }
    let mut mid = text.len() / 2;
    while !text.is_char_boundary(mid) {
        mid += 1;
    }
    text[mid..].find("\nclass ").map(|i| mid + i + 1)
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
            "goto",
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
            "\\current_thread",
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
            "\\matrix",
            "\\values",
            "seq",
            "set",
            "bag",
            "map",
            "tuple",
            "{",
            "held",
            "committed",
            "{:",
            "{:n:",
            "\\typeof",
            "\\type",
        ],
    ),
    (
        "a type",
        &[
            "int", "boolean", "bool", "void", "resource", "frac", "zfrac", "rational", "seq",
            "set", "bag", "option", "map", "tuple",
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
            "==>", "**", "||", "&&", "==", "!=", "<", "<=", ">", ">=", "\\in", "in", "+", "-", "*",
            "/", "%", "\\", "::", "++", ".", "?.", "[", "?",
        ],
    ),
];

/// The terminals only the skim makes (`super::skim`).
const SKIM_TOKENS: &[&str] = &["lazy body", "body start"];

/// "`;`, `,` or an expression" from lalrpop's quoted terminal names.
fn expected_list(expected: &[String]) -> String {
    super::expected::expected_list(expected, GROUPS, |kinds, left| {
        // The skim's own tokens are never in a file.
        left.retain(|n| !SKIM_TOKENS.contains(n));
        // A type-argument `<` is written `<` (the lexer tells it apart).
        if let Some(at) = left.iter().position(|n| *n == "<(types") {
            left.remove(at);
            if !left.contains(&"<") {
                left.insert(at, "<");
            }
        }
        // A statement may start with an expression, a type or a loop contract.
        if kinds.first().is_some_and(|k| k == "a statement") {
            kinds.truncate(1);
            left.retain(|n| !GROUPS[1..4].iter().any(|(_, ms)| ms.contains(n)));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{parse_pvl, parse_whole, split_point, PARALLEL_FROM};
    use crate::syntax::ast::{Decl, Unit};
    use crate::syntax::span::FileId;

    /// Classes enough to pass the size from which files are cut in two.
    fn big(middle: &str) -> String {
        let class = |i: usize| {
            format!("class C{i:06} {{\n  int f;\n  void m(int x) {{ f = x + 1; }}\n}}\n")
        };
        let n = PARALLEL_FROM / class(0).len() + 1;
        let mut text: String = (0..n / 2).map(class).collect();
        text.push_str(middle);
        text.extend((n / 2..n).map(class));
        text
    }

    fn shape(u: &Unit) -> Vec<(String, u32, u32)> {
        u.decls
            .iter()
            .map(|d| match d {
                Decl::Class(c) => (c.name.name.to_string(), c.name.span.start, c.name.span.end),
                Decl::Member(_) => ("member".into(), 0, 0),
            })
            .collect()
    }

    #[test]
    fn halves_give_the_whole_files_declarations() {
        let text = big("");
        assert!(split_point(&text).is_some());
        let file = FileId(0);
        let halves = parse_pvl(file, &text).unwrap();
        let whole = parse_whole(file, &text).unwrap();
        assert_eq!(shape(&halves), shape(&whole));
    }

    #[test]
    fn an_error_in_either_half_is_the_whole_files_first_error() {
        let file = FileId(0);
        for broken in [
            big("class Broken { int ; }\n"),
            format!("{}class Late {{ void }}\n", big("")),
        ] {
            let halves = parse_pvl(file, &broken).unwrap_err();
            let whole = parse_whole(file, &broken).unwrap_err();
            assert_eq!(halves[0].span, whole[0].span);
            assert_eq!(halves[0].message, whole[0].message);
        }
    }

    #[test]
    fn a_cut_inside_a_comment_falls_back_to_the_whole() {
        // The comment holds what looks like the start of a class around the
        // middle: cutting there leaves an unterminated comment.
        let hidden = "class Hidden {\n  // ……………………………………\n".repeat(8);
        let text = big(&format!("/*\n{hidden}*/\n"));
        let at = split_point(&text).unwrap();
        assert!(
            text[at..].starts_with("class Hidden"),
            "the cut is inside the comment"
        );
        let file = FileId(0);
        let halves = parse_pvl(file, &text).unwrap();
        assert_eq!(shape(&halves), shape(&parse_whole(file, &text).unwrap()));
        assert!(!shape(&halves).iter().any(|(n, _, _)| n == "Hidden"));
    }
}
