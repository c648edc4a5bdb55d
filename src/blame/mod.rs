//! Backend failures → source failures.
//!
//! A backend reports a failing node by its position in the generated text,
//! plus a reason that names an offending node (`x.f` in "insufficient
//! permission to access x.f", the divisor, the map key, the callee's clause).
//! The failing node's origin says which construct failed. The offending node
//! says where inside it, so that a read without permission is reported on
//! the read (`perm`), a missing resource in an asserted formula on the
//! construct (`…:perm`), a missing permission to the location an assignment
//! writes as `assignFieldFailed`, a zero divisor on its division, and a failed
//! call precondition with the callee's clause as related location.
//!
//! Silicon's warm driver gives the offending node's position
//! ([`BackendFailure::offending_at`]); weft finds the node by it, among the
//! recorded positions of the generated text (a node's recorded position, like
//! Silicon's, never includes its own parentheses):
//!
//! * a missing permission: the read recorded at exactly that position, when
//!   it lies in the failing node; an assignment whose target prints as our
//!   text at that position (its target, or a read of the same location);
//!   else the construct (a resource it needs, also one inside a generated
//!   check's clause, or the callee's resource of a call);
//! * a zero divisor, a missing map key: the innermost division or map lookup
//!   inside the failing node around that position;
//! * a call's or application's failed precondition: the innermost callee's
//!   precondition clause around that position (Silicon substitutes the
//!   arguments into the clause and keeps its position);
//! * a failed array access check (an `asserting` condition): the conjunct
//!   at that position, whose origin says null check or bounds check.
//!
//! Only when the position is absent (Silicon's command line, used without
//! `javac`, does not print it) or leads to no division, map lookup or clause,
//! the offending node is matched by its text in Silicon's printing (names
//! and numbers abstracted for a callee's clause) against our text of the
//! blamed nodes printed inside the failing node. A scaled predicate
//! (`ScaleNeg`) is told by our text of the failing node.

pub mod hint;
pub mod model;

use crate::backend::{BackendFailure, FailureKind, FailureReason};
use crate::diag::{Diagnostic, FailureCode, Reason};
use crate::emit::boogie::{Check, Inner};
use crate::emit::Emitted;
use crate::syntax::span::{LineCol, Span};
use crate::vir::{Blame, Origin, OriginInfo, OriginTable, What};

/// Whether `f` is a satisfiability check (`refute false`) that the backend
/// did not reach because the contract of its method is ill-formed (another
/// failure in `all`): that failure is the one to report.
pub fn unreached(
    f: &BackendFailure,
    all: &[BackendFailure],
    emitted: &Emitted,
    origins: &OriginTable,
) -> bool {
    if f.kind != FailureKind::RefuteFailed {
        return false;
    }
    let member = around(emitted, origins, f.start, f.end)
        .find(|(_, i, _, _)| matches!(i.what, What::Method))
        .map(|(_, _, s, e)| (s, e));
    let Some((start, end)) = member else {
        return false;
    };
    all.iter()
        .any(|g| g.kind == FailureKind::ContractNotWellformed && start <= g.start && g.end <= end)
}

/// Maps one backend failure to a diagnostic on the source, with the
/// failing state's values when the backend gave a model.
pub fn blame(f: &BackendFailure, emitted: &Emitted, origins: &OriginTable) -> Diagnostic {
    Diagnostic {
        counterexample: model::source_values(&f.model),
        ..blame_failure(f, emitted, origins)
    }
}

fn blame_failure(f: &BackendFailure, emitted: &Emitted, origins: &OriginTable) -> Diagnostic {
    let Some((origin, info)) = emitted
        .positions
        .lookup(f.start, f.end)
        .and_then(|o| origins.get(o).map(|i| (o, i)))
    else {
        return internal(f, None);
    };
    if f.kind == FailureKind::RefuteFailed {
        return match code_of_kind(&f.kind, info, Reason::False) {
            Some(code) => at(code, info),
            None => internal(f, Some(info)),
        };
    }
    let reason = match &f.reason {
        FailureReason::AssertionFalse => Reason::False,
        FailureReason::InsufficientPermission => Reason::Perm,
        // The amount of a predicate instance is a scale (`[p]pred(…)`); the
        // failing node is the instance, or the clause that is it.
        FailureReason::NegativePermission
            if is_predicate_access(&text_at(emitted, f.start, f.end)) =>
        {
            return at(FailureCode::ScaleNeg, info)
        }
        FailureReason::NegativePermission => Reason::NegativePermValue,
        FailureReason::DivisionByZero => {
            return at(
                FailureCode::DivByZero,
                inner(f, emitted, origins, origin, FailureCode::DivByZero).unwrap_or(info),
            )
        }
        FailureReason::NotInjective => return at(FailureCode::NotInjective, info),
        FailureReason::SeqIndexNegative => {
            return at(
                FailureCode::IndexNegative,
                sequence_index(f, emitted, origins, origin).unwrap_or(info),
            )
        }
        FailureReason::SeqIndexExceedsLength => {
            return at(
                FailureCode::IndexExceedsLength,
                sequence_index(f, emitted, origins, origin).unwrap_or(info),
            )
        }
        FailureReason::MapKey => {
            return at(
                FailureCode::MapKey,
                inner(f, emitted, origins, origin, FailureCode::MapKey).unwrap_or(info),
            )
        }
        FailureReason::Other(_) => return internal(f, Some(info)),
    };
    if reason == Reason::Perm {
        if let Some(d) = missing_permission(f, emitted, origins, origin, info) {
            return d;
        }
    }
    if reason == Reason::False {
        if let Some((code, check)) = access_check(f, emitted, origins, origin) {
            return at(code, check);
        }
    }
    match code_of_kind(&f.kind, info, reason) {
        Some(code @ FailureCode::PreFailed(_)) => {
            with_callee_clause(at(code, info), f, emitted, origins)
        }
        Some(code @ FailureCode::PostFailed(_)) => {
            with_method_end(at(code, info), f, emitted, origins)
        }
        Some(code) => at(code, info),
        None => internal(f, Some(info)),
    }
}

/// A failed precondition of a call points, as related location, at the
/// callee's clause that may not hold. Silicon prints that clause with the
/// arguments substituted, so it is found by its shape (names and numbers
/// abstracted) among the callee's clauses, when exactly one has that shape.
fn with_callee_clause(
    d: Diagnostic,
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
) -> Diagnostic {
    // Silicon substitutes the arguments into the clause, keeping its position.
    if let Some((start, end)) = f.offending_at {
        let clause = around(emitted, origins, start, end)
            .find(|(_, i, _, _)| i.blame == Blame::Precondition);
        if let Some((_, i, _, _)) = clause {
            return callee_clause(d, i.span);
        }
    }
    let Some(callee) = callee_name(&f.message) else {
        return d;
    };
    let entries = || emitted.positions.iter();
    // The callee's declaration: a member whose text starts with its header.
    let member = entries().find(|&(o, s, e)| {
        origins
            .get(o)
            .is_some_and(|i| matches!(i.what, What::Method | What::Function))
            && ["method", "function"]
                .iter()
                .any(|kw| normalize(&text_at(emitted, s, e)).starts_with(&format!("{kw}{callee}")))
    });
    let Some((_, ms, me)) = member else { return d };
    let wanted = shape(&f.offending);
    let clauses: Vec<_> = entries()
        .filter(|&(o, s, e)| {
            s >= ms
                && e <= me
                && origins
                    .get(o)
                    .is_some_and(|i| i.blame == Blame::Precondition)
                && shape(&text_at(emitted, s, e)) == wanted
        })
        .filter_map(|(o, _, _)| origins.get(o))
        .collect();
    match clauses.as_slice() {
        [i] => callee_clause(d, i.span),
        _ => d,
    }
}

/// A failed postcondition also points at the end of the method it belongs
/// to: Silicon names no return path, and every path reaches the closing brace.
fn with_method_end(
    d: Diagnostic,
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
) -> Diagnostic {
    let method = around(emitted, origins, f.start, f.end)
        .find(|(_, i, _, _)| i.what == What::Method && i.derived.is_none());
    match method {
        Some((_, i, _, _)) if d.span != Some(i.span) => returns_at(d, i.span),
        _ => d,
    }
}

/// `d` with the last character of `method` (its closing brace) as the
/// related location "the method returns here".
fn returns_at(d: Diagnostic, method: Span) -> Diagnostic {
    if method.end <= method.start {
        return d;
    }
    let end = Span {
        start: method.end - 1,
        ..method
    };
    let mut d = d.with_related(end, "the method returns here");
    if let Some(r) = d.related.last_mut() {
        r.role = crate::diag::Role::MethodEnd;
    }
    d
}

/// `M` in "The precondition of method M might not hold." and "Precondition of function M …".
fn callee_name(message: &str) -> Option<&str> {
    let rest = message
        .split_once("precondition of method ")
        .or_else(|| message.split_once("Precondition of function "))?
        .1;
    rest.split_whitespace().next()
}

/// Maps a failed check of the Boogie encoding to a diagnostic: the check
/// knows its construct, and the read or clause involved, so no text matching
/// is needed. `method`: the method whose procedure failed.
pub fn blame_check(c: &Check, origins: &OriginTable, method: Option<Origin>) -> Diagnostic {
    let Some(info) = origins.get(c.failing) else {
        return unmapped(&format!("{:?} {:?}", c.kind, c.reason));
    };
    let reason = match &c.reason {
        _ if c.refute => Reason::False,
        FailureReason::AssertionFalse => Reason::False,
        FailureReason::InsufficientPermission => Reason::Perm,
        FailureReason::NegativePermission if c.inner == Inner::Scale => {
            return at(FailureCode::ScaleNeg, info)
        }
        FailureReason::NegativePermission => Reason::NegativePermValue,
        FailureReason::DivisionByZero => return at(FailureCode::DivByZero, info),
        FailureReason::NotInjective => return at(FailureCode::NotInjective, info),
        FailureReason::SeqIndexNegative => return at(FailureCode::IndexNegative, info),
        FailureReason::SeqIndexExceedsLength => return at(FailureCode::IndexExceedsLength, info),
        FailureReason::MapKey => return at(FailureCode::MapKey, info),
        FailureReason::Other(_) => return unmapped_at(c, info),
    };
    match &c.inner {
        Inner::Read(o) => {
            if let Some(read) = origins
                .get(*o)
                .filter(|i| i.blame == Blame::As(FailureCode::Perm))
            {
                return at(FailureCode::Perm, read);
            }
        }
        Inner::AssignTarget => return at(FailureCode::AssignFieldFailed, info),
        Inner::None | Inner::Scale => {}
    }
    let kind = if c.refute {
        &FailureKind::RefuteFailed
    } else {
        &c.kind
    };
    match code_of_kind(kind, info, reason) {
        Some(code @ FailureCode::PreFailed(_)) => {
            let d = at(code, info);
            match origins
                .get(c.clause)
                .filter(|i| i.blame == Blame::Precondition)
            {
                Some(clause) => callee_clause(d, clause.span),
                None => d,
            }
        }
        Some(code @ FailureCode::PostFailed(_)) => {
            let written = method
                .and_then(|m| origins.get(m))
                .filter(|m| m.what == What::Method && m.derived.is_none());
            match written {
                // An inherited clause (Thread's `ensures postJoin(1)` of a
                // subclass's run): the method verified, as on Silicon.
                Some(m) if m.span != info.span => returns_at(at(code, info), m.span),
                Some(_) => at(code, info),
                None => returns_here(at(code, info), info.span, origins),
            }
        }
        Some(code) => at(code, info),
        None => unmapped_at(c, info),
    }
}

/// A failed postcondition on Boogie points at the end of the written method
/// whose contract holds the clause (the innermost one around it), as on
/// Silicon ([`with_method_end`]).
fn returns_here(d: Diagnostic, clause: Span, origins: &OriginTable) -> Diagnostic {
    let around = |m: &OriginInfo| {
        m.what == What::Method
            && m.derived.is_none()
            && m.span.file == clause.file
            && m.span.start <= clause.start
            && clause.end <= m.span.end
            && m.span != clause
    };
    let method = origins
        .infos()
        .filter(around)
        .min_by_key(|m| m.span.end - m.span.start);
    match method {
        Some(m) => returns_at(d, m.span),
        None => d,
    }
}

fn unmapped_at(c: &Check, info: OriginInfo) -> Diagnostic {
    Diagnostic::failure(
        FailureCode::Internal,
        info.span,
        format!(
            "weft could not map a backend failure to the source (this is a bug in weft): {:?} {:?}",
            c.kind, c.reason
        ),
    )
}

/// A backend failure that weft cannot place.
pub fn unmapped(message: &str) -> Diagnostic {
    Diagnostic {
        span: None,
        ..Diagnostic::failure(
            FailureCode::Internal,
            Default::default(),
            format!("weft could not map a backend failure to the source (this is a bug in weft): {message}"),
        )
    }
}

/// The code of a failure of kind `kind` of the node `info`.
fn code_of_kind(kind: &FailureKind, info: OriginInfo, r: Reason) -> Option<FailureCode> {
    use FailureKind as K;
    match &info.blame {
        Blame::As(code) => return Some(*code),
        Blame::AsWithReason(code) => return Some(code.with_reason(r)),
        Blame::CannotFail(_) => return None,
        _ => {}
    }
    Some(match kind {
        K::AssertFailed => FailureCode::AssertFailed(r),
        K::PostconditionViolated => FailureCode::PostFailed(r),
        K::CallPrecondition | K::AppPrecondition | K::CallFailed => FailureCode::PreFailed(r),
        K::ExhaleFailed => FailureCode::ExhaleFailed(r),
        K::FoldFailed => FailureCode::FoldFailed(r),
        K::UnfoldFailed => FailureCode::UnfoldFailed(r),
        K::PackageFailed => FailureCode::PackageFailed(r),
        K::ApplyFailed => FailureCode::ApplyFailed(r),
        K::LoopInvariantNotEstablished => FailureCode::InvariantNotEstablished(r),
        K::LoopInvariantNotPreserved => FailureCode::NotMaintained(r),
        K::RefuteFailed => FailureCode::RefuteFailed,
        K::AssignmentFailed if r == Reason::Perm => FailureCode::AssignFieldFailed,
        K::AssignmentFailed
        | K::InhaleFailed
        | K::ContractNotWellformed
        | K::FunctionNotWellformed
        | K::PredicateNotWellformed
        | K::Other(_) => return None,
    })
}

/// Whether Silver text `acc(…)` is an access to a predicate instance
/// (`acc(C__P(this), q)`) rather than to a field (`acc(x.C__f, q)`).
fn is_predicate_access(text: &str) -> bool {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(rest) = text.strip_prefix("acc(") else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(rest.len());
    name_end > 0 && rest[name_end..].starts_with('(')
}

/// A failed check of an array access (`asserting (a != null && 0 <= i &&
/// i < weft_len(a)) in …`, see `encode`): Silicon names the conjunct that
/// may not hold, whose origin says null (`arrayNull`) or bounds
/// (`arrayBounds`); likewise a class cast's check (`castFailed`, a core
/// `Checked` expression). Found at the offending position, else by its text.
fn access_check(
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
) -> Option<(FailureCode, OriginInfo)> {
    let code = |i: &OriginInfo| match i.blame {
        Blame::As(
            c @ (FailureCode::ArrayNull | FailureCode::ArrayBounds | FailureCode::CastFailed),
        ) => Some(c),
        _ => None,
    };
    if let Some((start, end)) = f.offending_at {
        let found = around(emitted, origins, start, end)
            .filter(|&(o, _, s, e)| o != origin && within(f, s, e))
            .find_map(|(_, i, _, _)| code(&i).map(|c| (c, i)));
        if found.is_some() {
            return found;
        }
    }
    let wanted = normalize(&f.offending);
    nodes_inside(emitted, origins, origin, f.start, f.end)
        .into_iter()
        .find(|(_, i, text)| code(i).is_some() && *text == wanted)
        .and_then(|(_, i, _)| code(&i).map(|c| (c, i)))
}

/// A missing permission: an assignment's target, a resource the construct
/// needs, or a read inside it.
fn missing_permission(
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
    info: OriginInfo,
) -> Option<Diagnostic> {
    if let Some((start, end)) = f.offending_at.filter(|&(s, e)| within(f, s, e)) {
        // The assignment's target, or a read of the location it assigns
        // (`x.f := x.f + 1`: the write needs more than the read, so the
        // assignment fails, as on Boogie): our text at the offending node is
        // the statement's up to `:=`.
        if f.kind == FailureKind::AssignmentFailed {
            let target = normalize(&text_at(emitted, start, end));
            if normalize(&text_at(emitted, f.start, f.end)).starts_with(&format!("{target}:=")) {
                return Some(at(FailureCode::AssignFieldFailed, info));
            }
        }
        // A read: recorded at exactly the offending node's position.
        let read = around(emitted, origins, start, end)
            .take_while(|&(_, _, s, e)| (s, e) == (start, end))
            .find(|(o, i, _, _)| *o != origin && i.blame == Blame::As(FailureCode::Perm));
        if let Some((_, read, _, _)) = read {
            return Some(at(FailureCode::Perm, read));
        }
    }
    if f.offending_at.is_some() {
        // Neither: a resource the construct needs (also one inside a
        // generated check, which carries the check's blame), or the
        // callee's resource of a call; the construct fails.
        return None;
    }
    let wanted = normalize(&f.offending);
    if f.kind == FailureKind::AssignmentFailed {
        let text = normalize(&text_at(emitted, f.start, f.end));
        if text.starts_with(&format!("{wanted}:=")) {
            return Some(at(FailureCode::AssignFieldFailed, info));
        }
    }
    let inside = nodes_inside(emitted, origins, origin, f.start, f.end);
    let matching = |pred: &dyn Fn(&Blame) -> bool| {
        inside
            .iter()
            .filter(|(_, i, text)| pred(&i.blame) && resource_matches(text, &wanted))
            .map(|(_, i, _)| *i)
            .next()
    };
    // A generated check's resources carry the check's blame.
    if let Some(_res) = matching(&|b| b.is_resource() || matches!(b, Blame::AsWithReason(_))) {
        return code_of_kind(&f.kind, info, Reason::Perm).map(|c| at(c, info));
    }
    if let Some(read) = matching(&|b| *b == Blame::As(FailureCode::Perm)) {
        return Some(at(FailureCode::Perm, read));
    }
    None
}

/// The node blamed as `code` that the offending one is an operand of (the
/// division of a divisor, the lookup of a map key): by position, the
/// innermost such node inside the failing one around the offending node;
/// else by text, the innermost blamed node inside the failing one whose
/// text is or holds the offending text.
fn inner(
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
    code: FailureCode,
) -> Option<OriginInfo> {
    let own = f.offending_at;
    let blamed =
        |i: &OriginInfo, at: (LineCol, LineCol)| i.blame == Blame::As(code) && Some(at) != own;
    if let Some(i) = around_offending(f, emitted, origins, origin, blamed) {
        return Some(i);
    }
    let wanted = normalize(&f.offending);
    nodes_inside(emitted, origins, origin, f.start, f.end)
        .into_iter()
        .find(|(_, _, text)| *text == wanted || text.contains(&wanted))
        .map(|(_, i, _)| i)
}

/// The innermost node `wanted` around the backend's offending position,
/// inside the failing node and other than it (`wanted` gets the node's position).
fn around_offending(
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
    wanted: impl Fn(&OriginInfo, (LineCol, LineCol)) -> bool,
) -> Option<OriginInfo> {
    let (start, end) = f.offending_at?;
    around(emitted, origins, start, end)
        .filter(|&(o, _, s, e)| o != origin && within(f, s, e))
        .find(|&(_, i, s, e)| wanted(&i, (s, e)))
        .map(|(_, i, _, _)| i)
}

/// The sequence index (`xs[i]`, `xs.head`) inside the failing node that Silicon
/// names ("Index I into S might exceed sequence length"), as Boogie's checks
/// name it: by the offending position, else by its text, else the only one.
fn sequence_index(
    f: &BackendFailure,
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
) -> Option<OriginInfo> {
    let is_index = |i: &OriginInfo| i.what == What::SequenceIndex;
    if let Some(i) = around_offending(f, emitted, origins, origin, |i, _| is_index(i)) {
        return Some(i);
    }
    let inside: Vec<_> = nodes_inside(emitted, origins, origin, f.start, f.end)
        .into_iter()
        .filter(|(_, i, _)| is_index(i))
        .collect();
    let named = f
        .message
        .split_once("Index ")
        .and_then(|(_, rest)| rest.split_once(" into "))
        .and_then(|(index, rest)| Some((index, rest.split_once(" might ")?.0)))
        .map(|(index, seq)| normalize(&format!("{seq}[{index}]")));
    if let Some(wanted) = named {
        if let Some((_, i, _)) = inside.iter().find(|(_, _, t)| *t == wanted) {
            return Some(*i);
        }
    }
    match inside.as_slice() {
        [(_, i, _)] => Some(*i),
        _ => None,
    }
}

/// Blamed nodes whose recorded position holds [start, end], innermost first
/// (the same position counts: a node's position never includes its own
/// parentheses, nor does Silicon's).
fn around<'a>(
    emitted: &'a Emitted,
    origins: &'a OriginTable,
    start: LineCol,
    end: LineCol,
) -> impl Iterator<Item = (Origin, OriginInfo, LineCol, LineCol)> + 'a {
    let mut out: Vec<_> = emitted
        .positions
        .iter()
        .filter(|&(_, s, e)| s <= start && end <= e)
        .filter_map(|(o, s, e)| origins.get(o).map(|i| (o, i, s, e)))
        .collect();
    // Stable: of the same position, the first recorded (the inner node) first.
    out.sort_by_key(|&(_, _, s, e)| (std::cmp::Reverse(s), e));
    out.into_iter()
}

/// Whether [start, end] lies within the failing node.
fn within(f: &BackendFailure, start: LineCol, end: LineCol) -> bool {
    f.start <= start && end <= f.end
}

/// Blamed nodes printed within [start, end] other than `origin`, innermost
/// first, with their normalized text.
fn nodes_inside(
    emitted: &Emitted,
    origins: &OriginTable,
    origin: Origin,
    start: LineCol,
    end: LineCol,
) -> Vec<(Origin, OriginInfo, String)> {
    let mut out: Vec<_> = emitted
        .positions
        .iter()
        .filter(|&(o, s, e)| o != origin && s >= start && e <= end)
        .filter_map(|(o, s, e)| {
            origins
                .get(o)
                .map(|i| (o, i, normalize(&text_at(emitted, s, e))))
        })
        .collect();
    out.sort_by_key(|(_, _, t)| t.len());
    out
}

/// A resource's text matches the offending location: `acc(x.f, 1/2)` matches `x.f`.
fn resource_matches(text: &str, wanted: &str) -> bool {
    if text == wanted {
        return true;
    }
    let inner = text.strip_prefix("acc").unwrap_or(text);
    inner == wanted || inner.starts_with(&format!("{wanted},"))
}

/// The text with every name and number replaced by `_`.
fn shape(s: &str) -> String {
    let mut out = String::new();
    for c in normalize(s).chars() {
        if c.is_alphanumeric() || c == '_' || c == '.' {
            if !out.ends_with('_') {
                out.push('_');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Text without white space and parentheses, so that both printers agree.
fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')')
        .collect()
}

/// The generated text between two positions (1-based, end exclusive).
fn text_at(emitted: &Emitted, start: LineCol, end: LineCol) -> String {
    let mut lines = emitted.text.lines().skip(start.line.saturating_sub(1));
    let mut out = String::new();
    for l in start.line..=end.line {
        let Some(line) = lines.next() else {
            break;
        };
        let chars: Vec<char> = line.chars().collect();
        let from = if l == start.line {
            start.column.saturating_sub(1)
        } else {
            0
        };
        let to = if l == end.line {
            end.column.saturating_sub(1).min(chars.len())
        } else {
            chars.len()
        };
        if from < to {
            out.extend(&chars[from..to]);
        }
        out.push('\n');
    }
    out
}

/// The callee's clause that may not hold, as a related location (not where
/// it is the call's own span: a clause generated at the call site).
fn callee_clause(d: Diagnostic, clause: Span) -> Diagnostic {
    if d.span == Some(clause) {
        return d;
    }
    d.with_related(clause, "this precondition of the callee may not hold")
}

/// The failure `code` of construct `info`; in a copy of a member (its span
/// is the original's), the copy's reason is a related location.
fn at(code: FailureCode, info: OriginInfo) -> Diagnostic {
    let d = Diagnostic::failure(code, info.span, describe(code, info.what.noun()))
        .with_label(label(code));
    match info.derived {
        Some(copy) => d.with_related(copy.at, copy.note()),
        None => d,
    }
}

fn internal(f: &BackendFailure, info: Option<OriginInfo>) -> Diagnostic {
    let message = format!(
        "weft could not map a backend failure to the source (this is a bug in weft): {}",
        f.message
    );
    match info {
        Some(i) => Diagnostic::failure(FailureCode::Internal, i.span, message),
        None => Diagnostic {
            span: None,
            ..Diagnostic::failure(FailureCode::Internal, Default::default(), message)
        },
    }
}

/// The header of a failure, in source terms.
fn describe(code: FailureCode, what: &str) -> String {
    use FailureCode as C;
    let why = |r: Reason| match r {
        Reason::False => "may not hold",
        Reason::Perm => "may not hold: there may be insufficient permission",
        Reason::NegativePermValue => "may not hold: a permission amount may be negative",
    };
    match code {
        C::AssertFailed(r) => format!("assertion {}", why(r)),
        C::PreFailed(r) => format!("the precondition of this call {}", why(r)),
        C::PostFailed(r) => format!("postcondition {}", why(r)),
        C::InvariantNotEstablished(r) => format!("loop invariant {} on entry", why(r)),
        C::NotMaintained(r) => format!("loop invariant {} after an iteration", why(r)),
        C::NotEstablished(r) => format!("the invariant {} when the block is entered", why(r)),
        C::ParPreFailed(r) => format!(
            "the preconditions of this par block's threads {} here",
            why(r)
        ),
        C::ParPostFailed(r) => format!("this postcondition of a par thread {}", why(r)),
        C::BarrierNotEstablished(r) => {
            format!("what this thread gives at the barrier {}", why(r))
        }
        C::Inconsistent(r) => format!(
            "what the threads take at this barrier {}: it is more than they all give",
            why(r)
        ),
        C::AtomicNotMaintained(r) => {
            format!("the invariant {} at the end of this atomic block", why(r))
        }
        C::FoldFailed(r) => format!("folding {}", why(r)),
        C::UnfoldFailed(r) => format!("unfolding {}", why(r)),
        C::PackageFailed(r) => format!("packaging this wand {}", why(r)),
        C::ApplyFailed(r) => format!("applying this wand {}", why(r)),
        C::ExhaleFailed(r) => format!("exhale {}", why(r)),
        C::RefuteFailed => "refute failed: the assertion always holds here".into(),
        C::AssignFieldFailed => "insufficient permission to assign this field".into(),
        C::Perm => format!("insufficient permission for this {what}"),
        C::ArrayBounds => "array index may be out of bounds".into(),
        C::ArrayNull => "array may be null".into(),
        C::ArraySize => "array size may be negative".into(),
        C::IndexNegative => "sequence index may be negative".into(),
        C::IndexExceedsLength => "sequence index may exceed the length".into(),
        C::DivByZero => "divisor may be zero".into(),
        C::InvocationObjectNull => "the receiver of this call may be null".into(),
        C::NotInjective => "the locations of this quantified permission may not be distinct".into(),
        C::ScaleNeg => "the amount of this predicate may be negative".into(),
        C::Unsatisfiable => "this precondition can never hold".into(),
        C::ShareSanity => "this protocol may create resource".into(),
        C::EnvAssumption => "write of a variable when not allowed (another thread's environment assumption, unwritable_by_env_if, forbids it)".into(),
        C::Guarantee => "this step may break another thread's environment assumption".into(),
        C::GlobalInvariant => "this step may break the global invariant".into(),
        C::Abstraction => "this method may not simulate its abstraction".into(),
        C::AccessPredicate => "access of a variable when its access predicate does not allow it".into(),
        C::NotAtomic => "this step may break the method's atomicity: it is neither a right mover nor, after the method's one non-mover, a non-blocking left mover".into(),
        C::ActionMismatch => "the reduced step may match no action of the performs spec".into(),
        // Decided by the atomicity exploration, which writes its own messages.
        C::NotAtomicDefinitely => "the method cannot be left once entered".into(),
        C::NotAtomicPossibly => "this step breaks right movers, one non-mover, left movers".into(),
        C::NotExplored => "the exploration did not settle the method".into(),
        C::OptionNone => "this option may be None".into(),
        C::CastFailed => "the object cast may be of a class other than the cast's (or a subclass)".into(),
        C::ExtraExc => "this method may throw an exception its signals and throws clauses do not name".into(),
        C::MapKey => "this key may not be in the map".into(),
        C::LockNotCommitted => "this lock's invariant may not have been committed".into(),
        C::InvariantFailed(r) => format!("the lock invariant {}", why(r)),
        C::HeldFailed(_) => "this thread may not hold this lock".into(),
        C::LockNull => "the lock object may be null".into(),
        C::CommitFailed(r) => format!("the lock invariant {} when committed", why(r)),
        C::Running => "this thread may not be idle: it may have been forked already".into(),
        C::Idle => {
            "this thread may not be running: it may not have been forked, or joined already".into()
        }
        C::ForkPre(r) => format!("the precondition of the thread's run method {}", why(r)),
        C::ForkNull => "the forked thread may be null".into(),
        C::JoinNull => "the joined thread may be null".into(),
        C::ImplementsPre(r) => format!(
            "where its interface method's precondition holds, this method's precondition {}",
            why(r)
        ),
        C::ImplementsPost(r) => format!(
            "after this method, its interface method's postcondition {}",
            why(r)
        ),
        C::ActionFailed(r) => format!(
            "this action block may not implement its action: the action's contract {}",
            why(r)
        ),
        C::HistoryPerm => {
            "the history fraction (m.state(p, P)) or passive permission (HPerm) needed here may be missing".into()
        }
        C::ProcessPostFailed(r) => format!(
            "this postcondition of a process {} (from its actions' contracts)",
            why(r)
        ),
        C::NotTripped => "an expected failure did not occur".into(),
        C::TrippedTwice => "an expected failure occurred more than once".into(),
        C::Internal => format!("internal error at this {what}"),
    }
}

fn label(code: FailureCode) -> &'static str {
    use FailureCode as C;
    match code {
        C::PostFailed(_) => "this may not hold when the method returns",
        C::PreFailed(_) => "this call's precondition may not hold",
        C::InvariantNotEstablished(_) => "may not hold before the loop",
        C::NotMaintained(_) => "may not hold after an iteration",
        C::Perm => "read without enough permission",
        _ => "",
    }
}
