//! What a method's contract gives, under a permission failure in its body.
//!
//! A write without enough permission is most often a contract that gives a
//! read share (`Perm(x, 1\2)`) where the body writes. When the precondition of
//! the method around the failure gives a permission to the very location that
//! failed (the same text, `this.` aside), the message says how much, and the
//! clause is a related location. The amount is the one at the method's start:
//! the body may have given some away since (a call, a fork, a fold), which the
//! message says when the contract gave enough.

use crate::diag::{Code, Diagnostic, FailureCode, Related};
use crate::syntax::span::{Files, Span};
use crate::vir::origin::Grant;

/// Adds the hint to `d` if it is a permission failure the contract speaks of.
pub fn permission(d: &mut Diagnostic, grants: &[Grant], files: &Files) {
    let writing = match d.code {
        Code::Failure(FailureCode::AssignFieldFailed) => true,
        Code::Failure(FailureCode::Perm) => false,
        _ => return,
    };
    let Some(at) = d.span else { return };
    let text = |s: Span| files.text(s.file).get(s.range()).unwrap_or_default();
    let target = if writing {
        assigned(text(at))
    } else {
        text(at)
    };
    let Some(method) = grants
        .iter()
        .map(|g| g.method)
        .filter(|m| within(at, *m))
        .min_by_key(|m| m.end - m.start)
    else {
        return;
    };
    let Some(g) = grants
        .iter()
        .find(|g| g.method == method && same_location(text(g.location), target))
    else {
        return;
    };
    let amount = text(g.amount).trim();
    let full = matches!(amount, "1" | "write");
    let needs = if writing {
        "writing needs `1`"
    } else {
        "reading needs more than none"
    };
    let since = if full || !writing {
        "; the body may have given it away since"
    } else {
        ""
    };
    d.message = format!(
        "{}: the method's contract gives `{amount}` of `{}` at its start{since}; {needs}",
        d.message,
        target.trim()
    );
    d.related.push(Related {
        span: g.clause,
        message: format!("the contract gives `{amount}` here"),
        role: crate::diag::Role::Note,
    });
}

fn within(inner: Span, outer: Span) -> bool {
    inner.file == outer.file && outer.start <= inner.start && inner.end <= outer.end
}

/// The target of an assignment's text (`this.x = v`, `x += 1`, `x++`).
fn assigned(s: &str) -> &str {
    let b = s.as_bytes();
    let eq = (0..b.len()).find(|&i| {
        b[i] == b'='
            && b.get(i + 1) != Some(&b'=')
            && !(i > 0 && matches!(b[i - 1], b'=' | b'!' | b'<' | b'>'))
    });
    let target = match eq {
        Some(i) => &s[..i],
        None => s.trim_end_matches(';').trim_end(),
    };
    target
        .trim_end()
        .trim_end_matches(['+', '-', '*', '/', '%'])
        .trim()
}

/// Whether two location texts name one location: equal but for spaces and `this.`.
fn same_location(a: &str, b: &str) -> bool {
    let norm = |s: &str| -> String {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        s.strip_prefix("this.").map(str::to_string).unwrap_or(s)
    };
    let (a, b) = (norm(a), norm(b));
    !a.is_empty() && a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_assignment_target_is_read_off_its_text() {
        assert_eq!(assigned("this.x = y == z"), "this.x");
        assert_eq!(assigned("x += 1"), "x");
        assert_eq!(assigned("x++;"), "x");
        assert_eq!(assigned("a[i] = 0"), "a[i]");
        assert!(same_location("this.x", " x"));
        assert!(!same_location("this.x", "o.x"));
    }
}
