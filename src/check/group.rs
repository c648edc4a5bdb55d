//! Group predicates (`group resource P(frac p) = body`, thesis ch. 2): P
//! splits and merges over p, P(p + q) = P(p) ** P(q). Encoded as a scaled
//! predicate: P has no parameter and the body at p = 1, and `P(e)` is
//! `[e]P()`. That is exact when the body is homogeneous in p: every
//! permission amount in it is p times an amount without p, and p occurs
//! nowhere else. [`homogeneous`] checks that; anything else is refused.

use crate::core::visit;
use crate::core::{Expr, ExprKind as K, PredicateId, Type};
use crate::syntax::ast::{BinOp, Quantifier};

fn mentions(e: &Expr, p: &str) -> bool {
    visit::find(e, &|x| matches!(&x.kind, K::Local(n) if n == p)).is_some()
}

/// An amount of the form p · c (c free of p).
fn linear(e: &Expr, p: &str) -> bool {
    match &e.kind {
        K::Local(n) => n == p,
        K::Binary(BinOp::Mul, a, b) => {
            (linear(a, p) && !mentions(b, p)) || (linear(b, p) && !mentions(a, p))
        }
        K::Binary(BinOp::Div | BinOp::FracDiv, a, b) => linear(a, p) && !mentions(b, p),
        _ => false,
    }
}

/// Whether the body (a boolean or resource) scales with p. `scales` tells
/// the inline group predicates, which scale in their last argument.
pub(super) fn homogeneous(e: &Expr, p: &str, scales: &dyn Fn(PredicateId) -> bool) -> bool {
    if e.ty == Type::Bool {
        return !mentions(e, p);
    }
    match &e.kind {
        K::Binary(BinOp::Star | BinOp::And, a, b) => {
            homogeneous(a, p, scales) && homogeneous(b, p, scales)
        }
        K::Binary(BinOp::Implies, c, r) => !mentions(c, p) && homogeneous(r, p, scales),
        K::Cond(c, a, b) => {
            !mentions(c, p) && homogeneous(a, p, scales) && homogeneous(b, p, scales)
        }
        K::Perm(loc, amt) => !mentions(loc, p) && linear(amt, p),
        K::PredicateAccess(a) => {
            let free = |xs: &[Expr]| xs.iter().all(|x| !mentions(x, p));
            let recv_free = a.recv.as_ref().is_none_or(|r| !mentions(r, p));
            let scaled = free(&a.args) && linear(&a.perm, p);
            // `rinv(p)` of an inline group predicate: p as its fraction.
            let through_last = scales(a.pred)
                && !mentions(&a.perm, p)
                && a.args
                    .split_last()
                    .is_some_and(|(last, rest)| linear(last, p) && free(rest));
            recv_free && (scaled || through_last)
        }
        K::Quant {
            q: Quantifier::ForallStar,
            body,
            ..
        } => homogeneous(body, p, scales),
        K::Let { value, body, .. } => !mentions(value, p) && homogeneous(body, p, scales),
        _ => false,
    }
}

/// The body at p = 1.
pub(super) fn at_one(e: Expr, p: &str) -> Expr {
    visit::map_expr(e, &mut |x| match &x.kind {
        K::Local(n) if n == p => Expr::new(K::Write, Type::Rational, x.span),
        _ => x,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ClassId, FieldId};
    use crate::syntax::span::Span;

    fn e(kind: K, ty: Type) -> Expr {
        Expr::new(kind, ty, Span::default())
    }
    fn p() -> Expr {
        e(K::Local("p".into()), Type::Frac)
    }
    fn perm(amt: Expr) -> Expr {
        let this = e(K::This, Type::Class(ClassId(0)));
        let loc = e(K::Field(Box::new(this), FieldId(0)), Type::Int);
        e(K::Perm(Box::new(loc), Box::new(amt)), Type::Resource)
    }

    #[test]
    fn scales_only_amounts_linear_in_p() {
        let half_p = e(
            K::Binary(
                BinOp::Div,
                Box::new(p()),
                Box::new(e(K::Int(2.into()), Type::Int)),
            ),
            Type::Rational,
        );
        assert!(homogeneous(&perm(p()), "p", &|_| false));
        assert!(homogeneous(&perm(half_p), "p", &|_| false));
        assert!(!homogeneous(
            &perm(e(K::Write, Type::Rational)),
            "p",
            &|_| false
        ));
        let p_eq = e(
            K::Binary(BinOp::Eq, Box::new(p()), Box::new(p())),
            Type::Bool,
        );
        assert!(!homogeneous(&p_eq, "p", &|_| false));
        let one = at_one(perm(p()), "p");
        assert!(!mentions(&one, "p"));
    }
}
