//! Small builders of core expressions and statements for the passes, so
//! that a pass writes `build::eq(a, b)` rather than its own copy of the
//! node. Each takes its span from its first operand unless given one.

use super::{Expr, ExprKind as K, Name, Stmt, StmtKind, Type, Var};
use crate::diag::FailureCode;
use crate::syntax::ast::{BinOp, UnOp};
use crate::syntax::span::Span;

/// `e` placed at `span`.
pub fn at(e: Expr, span: Span) -> Expr {
    Expr { span, ..e }
}

/// `a op b` of type `ty`.
pub fn binary(op: BinOp, a: Expr, b: Expr, ty: Type) -> Expr {
    let span = a.span;
    Expr::new(K::Binary(op, Box::new(a), Box::new(b)), ty, span)
}

pub fn not(e: Expr) -> Expr {
    let span = e.span;
    Expr::new(K::Unary(UnOp::Not, Box::new(e)), Type::Bool, span)
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

pub fn int(n: impl Into<i128>, span: Span) -> Expr {
    Expr::new(K::Int(super::IntValue::from(n.into())), Type::Int, span)
}

pub fn null(span: Span) -> Expr {
    Expr::new(K::Null, Type::Null, span)
}

pub fn local(name: Name, ty: Type, span: Span) -> Expr {
    Expr::new(K::Local(name), ty, span)
}

/// A read of the variable `v`, at its declaration.
pub fn read_var(v: &Var) -> Expr {
    local(v.name, v.ty.clone(), v.span)
}

/// `\old(e)`, at `label` when given.
pub fn old(label: Option<Name>, e: Expr) -> Expr {
    let (ty, span) = (e.ty.clone(), e.span);
    Expr::new(K::Old(label, Box::new(e)), ty, span)
}

/// `|xs|` (also of a map: the number of keys).
pub fn size(xs: Expr, span: Span) -> Expr {
    Expr::new(K::Builtin(super::Builtin::Size, vec![xs]), Type::Int, span)
}

/// `write`.
pub fn write(span: Span) -> Expr {
    Expr::new(K::Write, Type::Rational, span)
}

/// `Perm(loc, amount)`.
pub fn perm(loc: Expr, amount: Expr, span: Span) -> Expr {
    Expr::new(
        K::Perm(Box::new(loc), Box::new(amount)),
        Type::Resource,
        span,
    )
}

pub fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

/// A check of `expr` (an assert, or an exhale when `exhale`) failing with
/// `code`.
pub fn check(exhale: bool, expr: Expr, code: FailureCode, span: Span) -> Stmt {
    stmt(StmtKind::Check { exhale, expr, code }, span)
}

/// Declares the local `name` set to `value` (into `out`) and returns its
/// read, at `value`'s span.
pub fn bind(name: String, value: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
    let var = Var {
        name: Name::from(name),
        ty: value.ty.clone(),
        span,
    };
    let read = Expr::new(K::Local(var.name), var.ty.clone(), value.span);
    out.push(stmt(StmtKind::Local(var, Some(value)), span));
    read
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
