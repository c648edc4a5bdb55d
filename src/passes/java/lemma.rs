//! Proofs of the spec library's `lemma` methods, written per instance.
//!
//! A synchroniser that exchanges resources among threads (CountDownLatch,
//! CyclicBarrier) is sound only if what comes in gives what goes out: e.g.
//! `(\forall* i; 0 <= i && i < n; cdRes(i))` entails
//! `(\forall* j; 0 <= j && j < m; awRes(j))`. The library states such a
//! condition as a bodiless `lemma` over the class's ghost parameters. Once a
//! template is instantiated the bounds are literals, so the lemma's contract
//! unrolls into separate instances and its proof is: unfold every instance
//! of the precondition, fold every instance of the postcondition. The method
//! is then verified like any other; if the client's predicates do not match,
//! the fold fails on the lemma.

use crate::diag::Diagnostic;
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Rewrite};

/// More instances than this are not unrolled (the proof would be huge).
const MAX_INSTANCES: i128 = 256;

/// Gives every bodiless lemma of `c` its unrolled contract and its proof.
/// The proof's steps report at `site` (the instantiation that needs them)
/// when given.
pub fn prove(c: &mut Class, site: Option<Span>, errors: &mut Vec<Diagnostic>) {
    for m in &mut c.members {
        let Member::Method(m) = m else { continue };
        if !m.mods.is_lemma || m.body.is_some() {
            continue;
        }
        let mut stmts = Vec::new();
        for clause in &mut m.contract.clauses {
            let fold = match clause.kind {
                ClauseKind::Requires => false,
                ClauseKind::Ensures => true,
                _ => continue,
            };
            let instances = match unroll(&clause.expr) {
                Ok(xs) => xs,
                Err(d) => {
                    errors.push(d);
                    continue;
                }
            };
            for x in &instances {
                if matches!(x.kind, ExprKind::Call(_)) {
                    let span = site.unwrap_or(x.span);
                    let x = Expr {
                        kind: x.kind.clone(),
                        span,
                    };
                    let kind = if fold {
                        StmtKind::Fold(x)
                    } else {
                        StmtKind::Unfold(x)
                    };
                    stmts.push(Stmt { kind, span });
                }
            }
            clause.expr = star_all(instances, clause.expr.span);
        }
        // Unfold everything before folding anything.
        stmts.sort_by_key(|s| matches!(s.kind, StmtKind::Fold(_)));
        m.body = Some(Block {
            stmts,
            span: m.span,
        });
    }
}

/// The conjuncts of `e`, with every `\forall*` over literal bounds unrolled.
fn unroll(e: &Expr) -> Result<Vec<Expr>, Diagnostic> {
    match &e.kind {
        ExprKind::Binary(BinOp::Star | BinOp::And, a, b) => {
            let mut out = unroll(a)?;
            out.extend(unroll(b)?);
            Ok(out)
        }
        ExprKind::Quant(qe) if qe.q == Quantifier::ForallStar && qe.binders.len() == 1 => {
            let Quant {
                binders,
                ranges,
                cond,
                body,
                ..
            } = &**qe;
            let var = &binders[0].name.name;
            let (lo, hi) = match (ranges.as_slice(), cond) {
                ([(_, lo, hi)], None) => (literal(lo), literal(hi)),
                ([], Some(c)) => bounds(c, var).unwrap_or((None, None)),
                _ => (None, None),
            };
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Err(Diagnostic::not_supported(
                    e.span,
                    "a lemma quantifier whose bounds are not literals after instantiation",
                ));
            };
            if hi - lo > MAX_INSTANCES {
                return Err(Diagnostic::not_supported(
                    e.span,
                    format!("a lemma over more than {MAX_INSTANCES} instances"),
                ));
            }
            Ok((lo..hi)
                .map(|k| {
                    let mut x = (**body).clone();
                    walk::expr(&mut Subst { var, value: k }, &mut x);
                    x
                })
                .collect())
        }
        _ => Ok(vec![e.clone()]),
    }
}

fn literal(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(i) => Some(i.get()),
        ExprKind::Unary(UnOp::Neg, x) => literal(x).map(|i| -i),
        _ => None,
    }
}

/// `lo <= v && v < hi` (or `v >= lo`, `hi > v`) with literal bounds.
fn bounds(c: &Expr, v: &str) -> Option<(Option<i128>, Option<i128>)> {
    let ExprKind::Binary(BinOp::And, a, b) = &c.kind else {
        return None;
    };
    let is_v = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if n.name == v);
    let mut lo = None;
    let mut hi = None;
    for side in [a, b] {
        let ExprKind::Binary(op, l, r) = &side.kind else {
            return None;
        };
        match op {
            BinOp::Le if is_v(r) => lo = literal(l),
            BinOp::Ge if is_v(l) => lo = literal(r),
            BinOp::Lt if is_v(l) => hi = literal(r),
            BinOp::Gt if is_v(r) => hi = literal(l),
            _ => return None,
        }
    }
    Some((lo, hi))
}

/// The separating conjunction of `xs` (`true` when empty).
fn star_all(xs: Vec<Expr>, span: Span) -> Expr {
    xs.into_iter()
        .reduce(|a, b| Expr {
            kind: ExprKind::Binary(BinOp::Star, Box::new(a), Box::new(b)),
            span,
        })
        .unwrap_or(Expr {
            kind: ExprKind::Bool(true),
            span,
        })
}

/// Replaces the quantified variable by one value.
struct Subst<'a> {
    var: &'a str,
    value: i128,
}

impl Rewrite for Subst<'_> {
    fn expr(&mut self, e: &mut Expr) {
        if matches!(&e.kind, ExprKind::Name(n) if n.name == self.var) {
            e.kind = ExprKind::Int(IntValue::from(self.value));
        }
    }
}
