//! Group predicates (`group resource P(…, frac p) = body`, thesis ch. 2):
//! P splits and merges over its fraction, P(…, p + q) = P(…, p) ** P(…, q).
//! Encoded as a scaled predicate:
//!
//! ```text
//! group resource P(x̄, frac p) = body   ~>  resource P(x̄) = body[p := 1]
//! P(ē, e)                              ~>  [e]P(ē)
//! [f]P(ē, e)                           ~>  [f * e]P(ē)
//! ```
//!
//! That is exact when the body is homogeneous in p: every permission amount
//! in it is p times an amount without p, and p occurs nowhere else, so the
//! body at p is the body at 1 scaled by p. [`homogeneous`] checks that;
//! anything else is refused (`notSupported`, at the body). An inline group
//! predicate (`inline group resource inv(frac p) = owner.P(p)`) stands for
//! its body and keeps its parameter; its body is checked to scale in it, so
//! that its instances may stand inside a group predicate's body.
//!
//! Which predicates are group predicates is `core::Features::group`; their
//! instances reach the pass as `core::ExprKind::GroupAccess`, which it
//! removes.

use super::{Lower, Out, Pass};
use crate::core::visit::{self, map_body_exprs, map_decl_exprs};
use crate::core::{Block, Expr, ExprKind as K, MethodId, PredicateId, Program, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::{BinOp, Quantifier};

pub const PASS: Pass = Pass {
    name: "group",
    description: "group predicates become scaled predicates: P(…, e) is [e]P(…)",
    declare: declarations,
    removes: |_| false,
    removes_expr: |e| matches!(e, K::GroupAccess(..)),
    removes_decl: super::no_decl,
};

struct Group;

const NOT_HOMOGENEOUS: &str = "a group predicate whose body is not homogeneous in its \
     fraction (every amount p times a constant, p used nowhere else)";

const INLINE_NOT_HOMOGENEOUS: &str = "an inline group predicate whose body is not homogeneous \
     in its last parameter (every amount that fraction times a constant)";

fn declarations(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Box<dyn Lower> {
    map_decl_exprs(p, &mut scaled);
    let group = &p.features.group;
    let inline = |q: PredicateId| group.contains(&q) && p.predicate(q).is_inline;
    // Each plain one's body at one (None where it has none, or on an error).
    let mut plain = Vec::new();
    for &id in group {
        let q = p.predicate(id);
        let fraction = q.params.last().map(|v| v.name);
        let body = q.body.as_ref().zip(fraction).and_then(|(body, frac)| {
            if !homogeneous(body, &frac, &inline) {
                let msg = match q.is_inline {
                    true => INLINE_NOT_HOMOGENEOUS,
                    false => NOT_HOMOGENEOUS,
                };
                errs.push(Diagnostic::error(ErrorCode::NotSupported, body.span, msg));
                return None;
            }
            // An inline one keeps its body and parameter.
            (!q.is_inline).then(|| at_one(body.clone(), &frac))
        });
        if !q.is_inline {
            plain.push((id, body));
        }
    }
    for (id, body) in plain {
        let q = &mut p.predicates[id.0 as usize];
        q.params.pop();
        q.body = body;
    }
    Box::new(Group)
}

impl Lower for Group {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
        map_body_exprs(b, &mut scaled);
    }
}

/// `P(ē, e)` of a group predicate as `[e]P(ē)` (`[f]P(ē, e)` as
/// `[f * e]P(ē)`; `[write]P(ē, e)` is `[e]P(ē)`, the same amount).
fn scaled(e: Expr) -> Expr {
    let Expr { kind, ty, span } = e;
    let mut a = match kind {
        K::GroupAccess(a) => a,
        kind => return Expr { kind, ty, span },
    };
    let Some(amount) = a.args.pop() else {
        // No fraction (a bug in the checker): left for the validator.
        return Expr::new(K::GroupAccess(a), ty, span);
    };
    let perm = std::mem::replace(&mut a.perm, Expr::bool(true, span));
    a.perm = match perm.kind {
        K::Write => amount,
        _ => Expr::binary(BinOp::Mul, perm, amount, Type::Rational, span),
    };
    Expr::new(K::PredicateAccess(a), ty, span)
}

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
fn homogeneous(e: &Expr, p: &str, scales: &dyn Fn(PredicateId) -> bool) -> bool {
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
fn at_one(e: Expr, p: &str) -> Expr {
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

    mod lowering {
        use crate::core::{print, Program};
        use crate::passes::testing::{after, at, body, checked, contract, refused, Java};

        /// Predicate `name`'s parameters and body, as core text.
        fn predicate(p: &Program, name: &str) -> String {
            let q = p.predicates.iter().find(|q| q.name == name).unwrap();
            let params: Vec<_> = q.params.iter().map(|v| v.name.as_str()).collect();
            let body = q
                .body
                .as_ref()
                .map_or("abstract".into(), |b| print::expr(p, b));
            format!("({}) {body}", params.join(" "))
        }

        const DATA: &str = "class Data { int x;
          /*@ group resource r(frac p) = Perm(x, p / 2); @*/
          /*@ requires r(1) ** [1/2]r(1/4); ensures [1/4]r(1/2); @*/
          void m() { //@ unfold r(1);
            //@ fold r(1);
          } }";

        #[test]
        fn the_checker_keeps_the_group_predicate_as_written() {
            let p = checked(Java, DATA).expect("checks");
            assert_eq!(predicate(&p, "r"), "(p) (Perm (. this x) (\\ p 2))");
            assert_eq!(
                contract(&p, "m"),
                [
                    "requires (** (group ([write]this.r 1)) (group ([(\\ 1 2)]this.r (\\ 1 4))))",
                    "ensures (group ([(\\ 1 4)]this.r (\\ 1 2)))",
                ]
            );
            assert_eq!(
                body(&p, "m"),
                "{(unfold (group ([write]this.r 1))) (fold (group ([write]this.r 1)))}"
            );
        }

        #[test]
        fn a_group_predicate_is_a_scaled_predicate_at_one() {
            let p = after(Java, DATA, "group");
            assert_eq!(predicate(&p, "r"), "() (Perm (. this x) (\\ write 2))");
            assert_eq!(
                contract(&p, "m"),
                [
                    "requires (** ([1]this.r) ([(* (\\ 1 2) (\\ 1 4))]this.r))",
                    "ensures ([(* (\\ 1 4) (\\ 1 2))]this.r)",
                ]
            );
            assert_eq!(body(&p, "m"), "{(unfold ([1]this.r)) (fold ([1]this.r))}");
        }

        #[test]
        fn an_inline_group_predicate_keeps_its_fraction_and_scales_in_it() {
            let text = "/*@ given group (frac -> resource) rinv; @*/
              class Holder { /*@ group inv(frac p) = rinv(p); @*/ }
              class Data { int x;
                /*@ group resource r(frac p) = Perm(x, p); @*/
                void m() { Holder/*@<r>@*/ h = new Holder/*@<r>@*/(); } }";
            let p = after(Java, text, "group");
            let inline = p.predicates.iter().find(|q| q.is_inline).unwrap();
            assert_eq!(inline.params.len(), 1);
            assert!(p.features.group.iter().any(|&q| p.predicate(q).is_inline));
        }

        #[test]
        fn a_body_not_homogeneous_in_the_fraction_is_refused_at_the_body() {
            let text = "class G { int x, y;
              /*@ group resource both(frac p) = Perm(y, p) ** Perm(x, 1); @*/ }";
            let errs = refused(Java, text, "group");
            assert_eq!(
                at(text, &errs[0]),
                ("notSupported".into(), "Perm(y, p) ** Perm(x, 1)")
            );
            assert!(errs[0].message.contains("not homogeneous in its fraction"));
        }
    }
}
