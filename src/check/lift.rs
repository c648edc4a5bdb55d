//! Effects inside expressions (`int x = next() + next();`, `if (o != null &&
//! o.tryTake())`, `a[i++] = v`, `e /*@ then S */`): the checker types each
//! where it stands, as a node of the expression (`core::ExprKind::Invoke`,
//! `NewArray`, `Effect`); `passes::lift` runs them as statements before
//! theirs, in Java's order. They may stand only in a statement's own
//! expressions: specifications stay pure (a call there is refused), and so
//! do a `do … while` condition and a range loop's bounds (not supported yet).

use super::body::Body;
use super::call::Rhs;
use crate::core::build::at;
use crate::core::{self, Expr, ExprKind as K, Stmt, StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast;
use crate::syntax::span::Span;

impl Body<'_> {
    /// Whether an effect may stand here: in a statement's own expressions,
    /// outside specifications and the places `unlifted` names.
    pub(super) fn lifting(&self) -> bool {
        self.effects && !self.spec
    }

    /// Runs `f` where an effect is refused (a loop condition, `where` names
    /// it).
    pub(super) fn unlifted<T>(&mut self, place: &'static str, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = (
            std::mem::replace(&mut self.effects, false),
            self.unlifted_in.replace(place),
        );
        let out = f(self);
        (self.effects, self.unlifted_in) = outer;
        out
    }

    /// Checks one statement's own expressions, where effects may stand.
    pub(super) fn with_effects(&mut self, f: impl FnOnce(&mut Self)) {
        let outer = std::mem::replace(&mut self.effects, true);
        f(self);
        self.effects = outer;
    }

    /// `x++`, `x--` (`old`: the expression is the value before) or `++x`,
    /// `--x` inside an expression: the assignment `x = value` as the
    /// effect's statements, the value of `x` read before or after them.
    /// The target is evaluated twice (read, then written): one with a call
    /// or another increment in it is not supported.
    pub(super) fn lift_update(
        &mut self,
        target: &ast::Expr,
        value: &ast::Expr,
        old: bool,
        span: Span,
    ) -> Option<Expr> {
        if let Some(inner) = impure_part(target) {
            return self.err(
                ErrorCode::NotSupported,
                inner.span,
                "not supported yet: a call or an increment inside the target of an increment",
            );
        }
        let read = self.expr(target, None)?;
        let stmts = self.assignment(target, value, span);
        Some(effect(at(read, span), stmts, old))
    }

    /// `target = value` as statements (`x++` as a statement of its own).
    pub(super) fn assignment(
        &mut self,
        target: &ast::Expr,
        value: &ast::Expr,
        span: Span,
    ) -> core::Block {
        let assign = ast::Stmt {
            kind: ast::StmtKind::Assign {
                target: target.clone(),
                value: value.clone(),
            },
            span,
        };
        let mut stmts = Vec::new();
        self.stmt(&assign, &mut stmts);
        core::Block { stmts, span }
    }

    /// `e /*@ then S */` inside a statement's expression: `S` runs once `e`
    /// is evaluated and before its value is used.
    pub(super) fn lift_then(
        &mut self,
        e: &ast::Expr,
        then: &[ast::Stmt],
        hint: Option<&Type>,
        span: Span,
    ) -> Option<Expr> {
        let x = self.expr(e, hint)?;
        let stmts = self.then_stmts(then, span);
        let block = core::Block { stmts, span };
        Some(at(effect(x, block, true), span))
    }

    /// The statements `S` of `e /*@ then S */`, checked as ghost code
    /// (`Body::in_ghost`: no method of the program, no write of its state)
    /// in the enclosing scope. They may not leave it (`return`, `throw`, a
    /// `break`, `continue` or `goto` to a label outside `S`): the value of
    /// `e` is still to be used.
    pub(super) fn then_stmts(&mut self, then: &[ast::Stmt], span: Span) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        self.in_ghost(|b| {
            for s in then {
                b.stmt(s, &mut stmts);
            }
        });
        let block = core::Block { stmts, span };
        // The labels, loops and labelled statements inside: a jump to one stays in.
        let (mut labels, mut loops) = (Vec::new(), Vec::new());
        crate::core::visit::each_stmt(&block, &mut |s| match &s.kind {
            S::Label(l) => labels.push(*l),
            S::Loop { id, .. }
            | S::ForRange { id, .. }
            | S::DoWhile { id, .. }
            | S::Labelled { id, .. } => loops.push(*id),
            _ => {}
        });
        let mut exits = Vec::new();
        crate::core::visit::each_stmt(&block, &mut |s| match &s.kind {
            S::Return(_) | S::Throw(_) => exits.push(s.span),
            S::Goto(l) if !labels.contains(l) => exits.push(s.span),
            S::Break(id) | S::Continue(id) if !loops.contains(id) => exits.push(s.span),
            _ => {}
        });
        for at in exits {
            let msg = "the ghost statements after an expression (`then`) may not return, throw \
                       or jump out of them: the expression's value is still to be used";
            self.err::<()>(ErrorCode::Misplaced, at, msg);
        }
        block.stmts
    }

    /// A call, `new` or array creation inside an expression.
    pub(super) fn lift(&mut self, rhs: Rhs, span: Span) -> Option<Expr> {
        let ty = rhs.ty();
        match rhs {
            Rhs::Pure(x) => Some(x),
            Rhs::Call(_, Type::Void) => self.err(
                ErrorCode::TypeMismatch,
                span,
                "this method returns nothing: it cannot stand in an expression",
            ),
            Rhs::Call(c, _) => Some(Expr::new(K::Invoke(Box::new(c)), ty, span)),
            Rhs::NewArray(elem, dims) => {
                Some(Expr::new(K::NewArray(Box::new(elem), dims), ty, span))
            }
        }
    }
}

/// The effect `stmts` with the value `value`, read before them (`first`).
pub(super) fn effect(value: Expr, stmts: core::Block, first: bool) -> Expr {
    let (ty, span) = (value.ty.clone(), value.span);
    let x = core::Effect {
        value,
        stmts,
        first,
    };
    Expr::new(K::Effect(Box::new(x)), ty, span)
}

/// A call, object or array creation, or increment in `e`.
fn impure_part(e: &ast::Expr) -> Option<&ast::Expr> {
    use ast::ExprKind as A;
    if matches!(
        e.kind,
        A::Call(_) | A::New(_) | A::NewGeneric(_) | A::NewArray(..) | A::Update(..)
    ) {
        return Some(e);
    }
    match &e.kind {
        A::Select(x, _) => impure_part(x),
        A::Index(a, i) => impure_part(a).or_else(|| impure_part(i)),
        A::Unary(_, x) => impure_part(x),
        A::Binary(_, a, b) => impure_part(a).or_else(|| impure_part(b)),
        A::Cond(c, a, b) => impure_part(c)
            .or_else(|| impure_part(a))
            .or_else(|| impure_part(b)),
        _ => None,
    }
}
