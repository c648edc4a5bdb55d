//! Small builders of core expressions and statements for the passes, so
//! that a pass writes `build::eq(a, b)` rather than its own copy of the
//! node. Each takes its span from its first operand unless given one.

use super::{Expr, ExprKind as K, Name, Stmt, StmtKind, Type};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;

fn binary(op: BinOp, a: Expr, b: Expr, ty: Type) -> Expr {
    let span = a.span;
    Expr::new(K::Binary(op, Box::new(a), Box::new(b)), ty, span)
}

pub fn and(a: Expr, b: Expr) -> Expr {
    binary(BinOp::And, a, b, Type::Bool)
}

pub fn or(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Or, a, b, Type::Bool)
}

/// `a ==> b`; a resource when `b` is one.
pub fn implies(a: Expr, b: Expr) -> Expr {
    let ty = b.ty.clone();
    binary(BinOp::Implies, a, b, ty)
}

pub fn eq(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Eq, a, b, Type::Bool)
}

pub fn ne(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Ne, a, b, Type::Bool)
}

/// The disjunction of `xs`; `false` when there is none.
pub fn any(xs: impl IntoIterator<Item = Expr>, span: Span) -> Expr {
    xs.into_iter()
        .reduce(or)
        .unwrap_or_else(|| Expr::bool(false, span))
}

pub fn int(n: i64, span: Span) -> Expr {
    Expr::new(
        K::Int(super::IntValue::from(i128::from(n))),
        Type::Int,
        span,
    )
}

pub fn null(span: Span) -> Expr {
    Expr::new(K::Null, Type::Null, span)
}

pub fn local(name: Name, ty: Type, span: Span) -> Expr {
    Expr::new(K::Local(name), ty, span)
}

pub fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

/// `if (cond) { then }`, without an else.
pub fn when(cond: Expr, then: Vec<Stmt>, span: Span) -> Stmt {
    let then = super::Block { stmts: then, span };
    stmt(
        StmtKind::If {
            cond,
            then,
            els: None,
        },
        span,
    )
}
