//! Traversals of IR expressions: every subexpression, outermost first.

use super::{Expr, ExprKind as K};

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
