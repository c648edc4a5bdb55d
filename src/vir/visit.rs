//! Traversals of IR expressions: every subexpression, outermost first.

use super::{Expr, ExprKind as K};

/// One traversal, written once for shared and for mutable access.
macro_rules! visitor {
    ($(#[$doc:meta])* $name:ident, $($m:ident)?) => {
        $(#[$doc])*
        pub fn $name(e: &$($m)? Expr, f: &mut dyn FnMut(&$($m)? Expr)) {
            f(e);
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
                | K::Size(x) => $name(x, f),
                K::DomainFuncApp(_, xs, _) | K::Map(_, xs, _) => {
                    for x in &$($m)? **xs {
                        $name(x, f)
                    }
                }
                K::FuncApp(_, xs)
                | K::CurPermPredicate(_, xs)
                | K::SeqLit(_, xs)
                | K::SetLit(_, xs)
                | K::MultisetLit(_, xs) => {
                    for x in xs {
                        $name(x, f)
                    }
                }
                K::Binary(_, a, b)
                | K::SeqIndex(a, b)
                | K::Unfolding(a, b)
                | K::FieldAcc(a, _, b)
                | K::Let(_, a, b)
                | K::Asserting(a, b) => {
                    $name(a, f);
                    $name(b, f)
                }
                K::Cond(a, b, c) | K::SeqUpdate(a, b, c) => {
                    $name(a, f);
                    $name(b, f);
                    $name(c, f)
                }
                K::PredicateAcc(_, xs, p) => {
                    for x in &$($m)? **xs {
                        $name(x, f)
                    }
                    $name(p, f)
                }
                K::Quant { body, triggers, .. } => {
                    for t in &$($m)? **triggers {
                        for x in t {
                            $name(x, f)
                        }
                    }
                    $name(body, f)
                }
                K::SeqSlice(s, lo, hi) => {
                    $name(s, f);
                    if let Some(x) = lo {
                        $name(x, f)
                    }
                    if let Some(x) = hi {
                        $name(x, f)
                    }
                }
            }
        }
    };
}

visitor!(
    /// Calls `f` on `e` and every subexpression.
    visit,
);
visitor!(
    /// [`visit`] with mutable access.
    visit_mut,
    mut
);
