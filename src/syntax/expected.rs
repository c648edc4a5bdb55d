//! Parse errors as messages, shared by the PVL and Java parsers: the
//! "expected …" part lists lalrpop's quoted terminal names, grouped into
//! kinds ("an expression") where most of a group's members are expected.

use lalrpop_util::ParseError;
use std::fmt::Display;

/// Where a parse error is and what it says; a lexer's own error (`User`)
/// is handed back for the caller to report.
pub fn describe<T: Display, E>(
    err: ParseError<usize, T, E>,
    expected_list: impl Fn(&[String]) -> String,
) -> Result<(usize, usize, String), E> {
    Ok(match err {
        ParseError::User { error } => return Err(error),
        ParseError::InvalidToken { location } => (location, location, "invalid token".to_owned()),
        ParseError::UnrecognizedEof { location, expected } => (
            location,
            location,
            format!("expected {}, found end of file", expected_list(&expected)),
        ),
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => (
            l,
            r,
            format!("expected {}, found {tok}", expected_list(&expected)),
        ),
        ParseError::ExtraToken { token: (l, tok, r) } => (l, r, format!("unexpected {tok}")),
    })
}

/// Kinds of tokens: a label and the terminals it stands for.
pub type Groups = &'static [(&'static str, &'static [&'static str])];

/// "`;`, `,` or an expression". `refine` may adjust the kinds and the
/// remaining terminals before they are listed.
pub fn expected_list(
    expected: &[String],
    groups: Groups,
    refine: impl Fn(&mut Vec<String>, &mut Vec<&str>),
) -> String {
    let names: Vec<String> = expected.iter().map(|e| unquote(e)).collect();
    let mut left: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut kinds = Vec::new();
    for (label, members) in groups {
        let hits = members
            .iter()
            .filter(|m| names.iter().any(|n| n == *m))
            .count();
        if hits * 2 > members.len() {
            kinds.push((*label).to_owned());
            left.retain(|n| !members.contains(n));
        }
    }
    refine(&mut kinds, &mut left);
    let mut items: Vec<String> = left
        .iter()
        .map(|n| match *n {
            "identifier" => "an identifier".to_owned(),
            "integer" => "an integer".to_owned(),
            _ => format!("`{n}`"),
        })
        .collect();
    items.extend(kinds);
    const MAX: usize = 8;
    if items.len() > MAX {
        items.truncate(MAX);
        items.push("…".to_owned());
    }
    match items.len() {
        0 => "something else".to_owned(),
        1 => items.pop().unwrap_or_default(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// lalrpop writes a terminal as its grammar literal: `"\"\\\\in\""` is `\in`.
pub fn unquote(s: &str) -> String {
    let inner = s
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s);
    inner.replace("\\\\", "\\").replace("\\\"", "\"")
}
