//! Intrinsic-lock syntax: `commit`/`lock`/`unlock`/`wait`/`notify` statements
//! and `held(o)`/`committed(o)`. The operand must be an object of a class
//! with a lock invariant; the encoding is `passes::locks`'s.
//!
//! Java's `synchronized (o) { S }` is resolved here and lowered by
//! `passes::desugar`.

use super::body::Body;
use crate::core::{Expr, ExprKind as K, Stmt, StmtKind as S, Token, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast::{self, LockOp};
use crate::syntax::span::Span;

impl Body<'_> {
    /// The operand of a lock construct, of a lockable class.
    fn lock_object(&mut self, e: &ast::Expr, what: &str) -> Option<Expr> {
        let x = self.expr(e, None)?;
        let Type::Class(c) = x.ty else {
            return self.mismatch(e.span, &format!("an object for {what}"), &x.ty);
        };
        if self.env.program.features.lock_invariant.contains_key(&c) {
            return Some(x);
        }
        // Every Java object's monitor, in a program that is explored for
        // atomicity (`crate::atomicity`), not encoded.
        if !self.env.program.features.atomicity.is_empty() {
            return Some(x);
        }
        // The rely/guarantee layers' monitors (`passes::calvin`,
        // `passes::calvin_r`): an object of a class with a monitor owner.
        if what == "synchronized" && self.env.program.features.monitor_owner.contains_key(&c) {
            return Some(x);
        }
        let class = &self.env.program.class(c).name;
        let msg = format!("class {class} has no lock_invariant, so {what} cannot use it");
        self.err(ErrorCode::Misplaced, e.span, msg)
    }

    /// `op e;`. An operand other than a variable or `this` is evaluated once,
    /// into a temporary.
    pub(super) fn lock_stmt(&mut self, op: LockOp, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        let Some(mut x) = self.lock_object(e, op.keyword()) else {
            return;
        };
        if !matches!(x.kind, K::Local(_) | K::This) {
            let var = self.scopes.fresh("lock", x.ty.clone(), span);
            let local = Expr::new(K::Local(var.name), var.ty.clone(), x.span);
            out.push(Stmt {
                kind: S::Local(var, Some(x)),
                span,
            });
            x = local;
        }
        out.push(Stmt {
            kind: S::Lock(op, x),
            span,
        });
    }

    /// `held(e)`: a resource.
    pub(super) fn held_expr(&mut self, e: &ast::Expr, span: Span) -> Option<Expr> {
        let x = self.lock_object(e, "held")?;
        Some(Expr::token(Token::Held, x, span))
    }

    /// `committed(e)`: a boolean.
    pub(super) fn committed_expr(&mut self, e: &ast::Expr, span: Span) -> Option<Expr> {
        let x = self.lock_object(e, "committed")?;
        Some(Expr::token(Token::Committed, x, span))
    }
}

impl Body<'_> {
    /// `synchronized (lock) { body }` (lowered by `passes::desugar`).
    pub(super) fn synchronized(
        &mut self,
        lock: &ast::Expr,
        body: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let lock = self.lock_object(lock, "synchronized");
        let body = self.block(body);
        if let Some(lock) = lock {
            out.push(Stmt {
                kind: S::Synchronized { lock, body },
                span,
            });
        }
    }
}
