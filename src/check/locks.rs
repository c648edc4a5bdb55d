//! Intrinsic-lock syntax: `commit`/`lock`/`unlock`/`wait`/`notify` statements
//! and `held(o)`/`committed(o)`. The operand must be an object of a class
//! with a lock invariant; the encoding is `passes::locks`'s.

use super::body::Body;
use crate::core::{Expr, ExprKind as K, Stmt, StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::passes::locks::{self, Lockable};
use crate::syntax::ast::{self, LockOp};
use crate::syntax::span::Span;

impl Body<'_> {
    /// The operand of a lock construct, and its class's lock.
    fn lock_object(&mut self, e: &ast::Expr, what: &str) -> Option<(Expr, Lockable)> {
        let x = self.expr(e, None)?;
        let Type::Class(c) = x.ty else {
            return self.mismatch(e.span, &format!("an object for {what}"), &x.ty);
        };
        match locks::lockable(&self.env.program, c) {
            Some(l) => Some((x, l)),
            None => {
                let class = &self.env.program.class(c).name;
                let msg = format!("class {class} has no lock_invariant, so {what} cannot use it");
                self.err(ErrorCode::Misplaced, e.span, msg)
            }
        }
    }

    /// `op e;`. An operand other than a variable or `this` is evaluated once,
    /// into a temporary.
    pub(super) fn lock_stmt(&mut self, op: LockOp, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        let Some((mut x, _)) = self.lock_object(e, op.keyword()) else {
            return;
        };
        if !matches!(x.kind, K::Local(_) | K::This) {
            let var = self.scopes.fresh("lock", x.ty.clone(), span);
            let local = Expr::new(K::Local(var.name.clone()), var.ty.clone(), x.span);
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
        let (x, l) = self.lock_object(e, "held")?;
        Some(locks::held(x, l, span))
    }

    /// `committed(e)`: a boolean.
    pub(super) fn committed_expr(&mut self, e: &ast::Expr, span: Span) -> Option<Expr> {
        let (x, l) = self.lock_object(e, "committed")?;
        Some(locks::committed(x, l, span))
    }
}
