//! Inline predicates and functions stand for their bodies wherever they are used, so one whose
//! body reaches itself through inline members (`inline resource p() = true ** p();`, or `p`
//! through `q`) has no finite expansion: a front-end error (VerCors: `cyclicInline`), reported
//! once per cycle at its first member, instead of an expansion that never ends.

use std::collections::HashSet;

use crate::core::visit::map_expr;
use crate::core::{Expr, ExprKind as K, Program};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::span::Span;

/// An inline member: a predicate or a function, by index.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Inline {
    Predicate(u32),
    Function(u32),
}

/// Checks the inline predicates and functions of `p` (bodies filled in) for cycles.
pub(super) fn cycles(p: &Program) -> Vec<Diagnostic> {
    let predicates = (0..p.predicates.len() as u32)
        .filter(|&i| p.predicates[i as usize].is_inline)
        .map(Inline::Predicate);
    let functions = (0..p.functions.len() as u32)
        .filter(|&i| p.functions[i as usize].is_inline)
        .map(Inline::Function);
    let mut reported: Vec<Inline> = Vec::new();
    for m in predicates.chain(functions) {
        let same_cycle = |r: &Inline| reaches(p, m, *r) && reaches(p, *r, m);
        if reaches(p, m, m) && !reported.iter().any(same_cycle) {
            reported.push(m);
        }
    }
    reported
        .into_iter()
        .map(|m| {
            let (what, name, span) = describe(p, m);
            let msg = format!("the inline {what} {name} uses itself: it has no finite expansion");
            Diagnostic::error(ErrorCode::CyclicInline, span, msg).with_label("declared inline here")
        })
        .collect()
}

fn describe(p: &Program, m: Inline) -> (&'static str, crate::name::Name, Span) {
    match m {
        Inline::Predicate(i) => {
            let q = &p.predicates[i as usize];
            ("predicate", q.name, q.span)
        }
        Inline::Function(i) => {
            let f = &p.functions[i as usize];
            ("function", f.name, f.span)
        }
    }
}

fn body(p: &Program, m: Inline) -> Option<&Expr> {
    match m {
        Inline::Predicate(i) => p.predicates[i as usize].body.as_ref(),
        Inline::Function(i) => p.functions[i as usize].body.as_ref(),
    }
}

/// The inline members the body of `m` uses.
fn uses(p: &Program, m: Inline) -> Vec<Inline> {
    let mut out = Vec::new();
    if let Some(body) = body(p, m) {
        map_expr(body.clone(), &mut |x| {
            match &x.kind {
                K::PredicateAccess(a) if p.predicate(a.pred).is_inline => {
                    out.push(Inline::Predicate(a.pred.0))
                }
                K::FunctionCall { func, .. } if p.function(*func).is_inline => {
                    out.push(Inline::Function(func.0))
                }
                _ => {}
            }
            x
        });
    }
    out
}

/// Whether the expansion of `from` reaches `to`.
fn reaches(p: &Program, from: Inline, to: Inline) -> bool {
    reaches_by(from, to, |m| uses(p, m))
}

/// Whether `to` is reached from `from` by one or more `next` steps (also the
/// constants' check: `check::constants`).
pub(super) fn reaches_by<T: Copy + Eq + std::hash::Hash>(
    from: T,
    to: T,
    next: impl Fn(T) -> Vec<T>,
) -> bool {
    let mut seen = HashSet::new();
    let mut todo = next(from);
    while let Some(m) = todo.pop() {
        if m == to {
            return true;
        }
        if seen.insert(m) {
            todo.extend(next(m));
        }
    }
    false
}
