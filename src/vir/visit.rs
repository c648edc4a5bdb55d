//! Traversals of IR expressions: every subexpression, outermost first.

use super::{Expr, ExprKind as K, Name};

/// The direct subexpressions, written once for shared and for mutable access.
macro_rules! children {
    ($(#[$doc:meta])* $name:ident, $($m:ident)?) => {
        $(#[$doc])*
        pub fn $name(e: &$($m)? Expr, f: &mut dyn FnMut(&$($m)? Expr)) {
            match &$($m)? e.kind {
                K::IntLit(_)
                | K::BoolLit(_)
                | K::NullLit
                | K::Local(_)
                | K::Result
                | K::FullPerm
                | K::NoPerm
                | K::Wildcard => {}
                K::FieldAccess(x, _)
                | K::CurPermField(x, _)
                | K::Unary(_, x)
                | K::Old(_, x)
                | K::Size(x) => f(x),
                K::DomainFuncApp(_, xs, _) | K::Map(_, xs, _) => {
                    for x in &$($m)? **xs {
                        f(x)
                    }
                }
                K::FuncApp(_, xs)
                | K::CurPermPredicate(_, xs)
                | K::SeqLit(_, xs)
                | K::SetLit(_, xs)
                | K::MultisetLit(_, xs) => {
                    for x in xs {
                        f(x)
                    }
                }
                K::Binary(_, a, b)
                | K::SeqIndex(a, b)
                | K::Unfolding(a, b)
                | K::FieldAcc(a, _, b)
                | K::Let(_, a, b)
                | K::Asserting(a, b) => {
                    f(a);
                    f(b)
                }
                K::Cond(a, b, c) | K::SeqUpdate(a, b, c) => {
                    f(a);
                    f(b);
                    f(c)
                }
                K::PredicateAcc(_, xs, p) => {
                    for x in &$($m)? **xs {
                        f(x)
                    }
                    f(p)
                }
                K::Quant { body, triggers, .. } => {
                    for t in &$($m)? **triggers {
                        for x in t {
                            f(x)
                        }
                    }
                    f(body)
                }
                K::SeqSlice(s, lo, hi) => {
                    f(s);
                    if let Some(x) = lo {
                        f(x)
                    }
                    if let Some(x) = hi {
                        f(x)
                    }
                }
            }
        }
    };
}

children!(
    /// Calls `f` on each direct subexpression of `e` (a quantifier's
    /// triggers too).
    children,
);
children!(
    /// [`children`] with mutable access.
    children_mut,
    mut
);

/// Calls `f` on `e` and every subexpression.
pub fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    children(e, &mut |x| visit(x, f));
}

/// [`visit`] with mutable access.
pub fn visit_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    f(e);
    children_mut(e, &mut |x| visit_mut(x, f));
}

/// Replaces free locals by expressions (used to inline predicate bodies,
/// whose binders are unique names and so cannot capture).
pub fn substitute(e: Expr, map: &std::collections::HashMap<Name, Expr>) -> Expr {
    let origin = e.origin;
    let s = |x: Box<Expr>| Box::new(substitute(*x, map));
    let kind = match e.kind {
        K::Local(n) => match map.get(&n) {
            Some(r) => return r.clone(),
            None => K::Local(n),
        },
        K::FieldAccess(r, f) => K::FieldAccess(s(r), f),
        K::FuncApp(f, args) => {
            K::FuncApp(f, args.into_iter().map(|a| substitute(a, map)).collect())
        }
        K::DomainFuncApp(f, args, t) => K::DomainFuncApp(
            f,
            Vec::from(args)
                .into_iter()
                .map(|a| substitute(a, map))
                .collect(),
            t,
        ),
        K::Unary(op, x) => K::Unary(op, s(x)),
        K::Binary(op, l, r) => K::Binary(op, s(l), s(r)),
        K::Cond(c, t, f) => K::Cond(s(c), s(t), s(f)),
        K::Old(l, x) => K::Old(l, s(x)),
        K::FieldAcc(r, f, p) => K::FieldAcc(s(r), f, s(p)),
        K::PredicateAcc(q, args, p) => K::PredicateAcc(
            q,
            Vec::from(args)
                .into_iter()
                .map(|a| substitute(a, map))
                .collect(),
            s(p),
        ),
        K::CurPermField(r, f) => K::CurPermField(s(r), f),
        K::CurPermPredicate(q, args) => {
            K::CurPermPredicate(q, args.into_iter().map(|a| substitute(a, map)).collect())
        }
        K::Quant {
            q,
            vars,
            triggers,
            body,
        } => K::Quant {
            q,
            vars,
            triggers: Vec::from(triggers)
                .into_iter()
                .map(|t| t.into_iter().map(|x| substitute(x, map)).collect())
                .collect(),
            body: s(body),
        },
        K::Let(d, v, b) => K::Let(d, s(v), s(b)),
        K::Asserting(c, b) => K::Asserting(s(c), s(b)),
        K::Unfolding(p, b) => K::Unfolding(s(p), s(b)),
        K::SeqLit(t, xs) => K::SeqLit(t, xs.into_iter().map(|a| substitute(a, map)).collect()),
        K::SetLit(t, xs) => K::SetLit(t, xs.into_iter().map(|a| substitute(a, map)).collect()),
        K::MultisetLit(t, xs) => {
            K::MultisetLit(t, xs.into_iter().map(|a| substitute(a, map)).collect())
        }
        K::Size(x) => K::Size(s(x)),
        K::SeqIndex(a, i) => K::SeqIndex(s(a), s(i)),
        K::SeqUpdate(a, i, v) => K::SeqUpdate(s(a), s(i), s(v)),
        K::SeqSlice(a, lo, hi) => K::SeqSlice(s(a), lo.map(s), hi.map(s)),
        K::Map(op, args, t) => K::Map(
            op,
            Vec::from(args)
                .into_iter()
                .map(|a| substitute(a, map))
                .collect(),
            t,
        ),
        k @ (K::IntLit(_)
        | K::BoolLit(_)
        | K::NullLit
        | K::Result
        | K::FullPerm
        | K::NoPerm
        | K::Wildcard) => k,
    };
    Expr { kind, origin }
}
