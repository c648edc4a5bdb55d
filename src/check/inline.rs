//! Inline predicates stand for their bodies wherever they are used, so one whose body reaches
//! itself through inline predicates (`inline resource p() = true ** p();`, or `p` through `q`)
//! has no finite expansion: a front-end error (VerCors: `cyclicInline`), reported once per
//! cycle at its first predicate, instead of an expansion that never ends.

use std::collections::HashSet;

use crate::core::{ExprKind as K, PredicateId, Program};
use crate::diag::{Diagnostic, ErrorCode};
use crate::passes::rewrite::map_expr;

/// Checks the inline predicates of `p` (bodies filled in) for cycles.
pub(super) fn cycles(p: &Program) -> Vec<Diagnostic> {
    let inline: Vec<PredicateId> = (0..p.predicates.len())
        .map(|i| PredicateId(i as u32))
        .filter(|&i| p.predicate(i).is_inline)
        .collect();
    let mut reported: Vec<PredicateId> = Vec::new();
    for &q in &inline {
        let same_cycle = |r: &PredicateId| reaches(p, q, *r) && reaches(p, *r, q);
        if reaches(p, q, q) && !reported.iter().any(same_cycle) {
            reported.push(q);
        }
    }
    reported
        .into_iter()
        .map(|q| {
            let pred = p.predicate(q);
            let msg = format!(
                "the inline predicate {} uses itself: its body has no finite expansion",
                pred.name
            );
            Diagnostic::error(ErrorCode::CyclicInline, pred.span, msg)
                .with_label("declared inline here")
        })
        .collect()
}

/// The inline predicates the body of `q` uses.
fn uses(p: &Program, q: PredicateId) -> Vec<PredicateId> {
    let mut out = Vec::new();
    if let Some(body) = &p.predicate(q).body {
        map_expr(body.clone(), &mut |x| {
            if let K::PredicateAccess(a) = &x.kind {
                if p.predicate(a.pred).is_inline {
                    out.push(a.pred);
                }
            }
            x
        });
    }
    out
}

/// Whether the expansion of `from` reaches `to`.
fn reaches(p: &Program, from: PredicateId, to: PredicateId) -> bool {
    let mut seen = HashSet::new();
    let mut todo = uses(p, from);
    while let Some(q) = todo.pop() {
        if q == to {
            return true;
        }
        if seen.insert(q) {
            todo.extend(uses(p, q));
        }
    }
    false
}
