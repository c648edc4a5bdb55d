//! Mutable traversal of the syntax tree, for the Java rewritings that run
//! before checking (`runnable`).

use crate::syntax::ast::*;

/// The direct subexpressions of `e`.
pub fn children_mut(e: &mut Expr) -> Vec<&mut Expr> {
    use ExprKind as K;
    match &mut e.kind {
        K::Int(_)
        | K::Bool(_)
        | K::Null
        | K::This
        | K::Result
        | K::Write
        | K::Read
        | K::NoPerm
        | K::Name(_)
        | K::OptNone => vec![],
        K::Select(x, _)
        | K::NewArray(_, x)
        | K::Unary(_, x)
        | K::Old(_, x)
        | K::Value(x)
        | K::CurPerm(x)
        | K::Held(x)
        | K::Committed(x)
        | K::Length(x)
        | K::OptSome(x)
        | K::Idle(x)
        | K::Running(x) => vec![&mut **x],
        K::Index(a, b)
        | K::Binary(_, a, b)
        | K::Perm(a, b)
        | K::Unfolding(a, b)
        | K::Scale(a, b)
        | K::ArrayOf(a, b) => vec![&mut **a, &mut **b],
        K::Cond(a, b, c) | K::PointsTo(a, b, c) => vec![&mut **a, &mut **b, &mut **c],
        K::Slice(a, lo, hi) => {
            let mut v = vec![&mut **a];
            v.extend(lo.as_deref_mut());
            v.extend(hi.as_deref_mut());
            v
        }
        K::Call(c) => {
            let c = &mut **c;
            let mut v: Vec<&mut Expr> = c.recv.as_deref_mut().into_iter().collect();
            v.extend(c.args.iter_mut());
            v.extend(c.given.iter_mut().map(|(_, x)| x));
            v
        }
        K::New(_, xs) | K::SeqLit(_, xs) | K::SetLit(_, xs) | K::BagLit(_, xs) => {
            xs.iter_mut().collect()
        }
        K::NewGeneric(n) => n.args.iter_mut().collect(),
        K::Quant {
            range, cond, body, ..
        } => {
            let mut v = Vec::new();
            if let Some((lo, hi)) = range {
                v.push(&mut **lo);
                v.push(&mut **hi);
            }
            v.extend(cond.as_deref_mut());
            v.push(&mut **body);
            v
        }
        K::Let { value, body, .. } => vec![&mut **value, &mut **body],
    }
}

/// Calls `f` on every expression of `e`, children before parents.
pub fn each_expr_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    for c in children_mut(e) {
        each_expr_mut(c, f);
    }
    f(e);
}

/// The expressions of a contract.
pub fn contract_exprs_mut(c: &mut Contract) -> impl Iterator<Item = &mut Expr> {
    c.clauses.iter_mut().map(|c| &mut c.expr)
}
