//! Intrinsic-lock syntax: `commit`/`lock`/`unlock`/`wait`/`notify` statements
//! and `held(o)`/`committed(o)`. The operand must be an object of a class
//! with a lock invariant; the encoding is `passes::locks`'s.
//!
//! Java's `synchronized (o) { S }` becomes `lock t; S; unlock t;` with `t`
//! the lock object evaluated once, and an `unlock t` before every `return`
//! and every `break`/`continue` that leaves `S` (a returned value is computed
//! before the unlock). Like VerCors, weft treats the lock as not reentrant.

use super::body::Body;
use crate::core::{Block, Expr, ExprKind as K, Stmt, StmtKind as S, Token, Type};
use crate::diag::ErrorCode;
use crate::name::Name;
use crate::syntax::ast::{self, LockOp};
use crate::syntax::span::Span;
use std::collections::HashSet;

impl Body<'_> {
    /// The operand of a lock construct, of a lockable class.
    fn lock_object(&mut self, e: &ast::Expr, what: &str) -> Option<Expr> {
        let x = self.expr(e, None)?;
        let Type::Class(c) = x.ty else {
            return self.mismatch(e.span, &format!("an object for {what}"), &x.ty);
        };
        match self.env.program.features.lock_invariant.contains_key(&c) {
            true => Some(x),
            false => {
                let class = &self.env.program.class(c).name;
                let msg = format!("class {class} has no lock_invariant, so {what} cannot use it");
                self.err(ErrorCode::Misplaced, e.span, msg)
            }
        }
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
        Some(token(Token::Held, x, span))
    }

    /// `committed(e)`: a boolean.
    pub(super) fn committed_expr(&mut self, e: &ast::Expr, span: Span) -> Option<Expr> {
        let x = self.lock_object(e, "committed")?;
        Some(token(Token::Committed, x, span))
    }
}

/// The token `t` of object `x`.
pub(super) fn token(t: Token, x: Expr, span: Span) -> Expr {
    Expr::new(K::Token(t, Box::new(x)), t.ty(), span)
}

impl Body<'_> {
    /// `synchronized (lock) { body }` (see the module comment).
    pub(super) fn synchronized(
        &mut self,
        lock: &ast::Expr,
        body: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let Some(mut x) = self.lock_object(lock, "synchronized") else {
            self.block(body);
            return;
        };
        let mut stmts = Vec::new();
        // Even a variable is copied: `S` may assign it, yet unlocks the object it locked.
        if !matches!(x.kind, K::This) {
            let var = self.scopes.fresh("lock", x.ty.clone(), lock.span);
            let local = Expr::new(K::Local(var.name), var.ty.clone(), x.span);
            stmts.push(Stmt {
                kind: S::Local(var, Some(x)),
                span: lock.span,
            });
            x = local;
        }
        stmts.push(Stmt {
            kind: S::Lock(LockOp::Lock, x.clone()),
            span: lock.span,
        });
        let mut inner = self.block(body);
        let mut inside = HashSet::new();
        labels(&inner, &mut inside);
        self.unlock_on_exit(&mut inner, &x, &inside);
        stmts.push(Stmt {
            kind: S::Block(inner),
            span: body.span,
        });
        // The closing brace releases the lock.
        let close = Span {
            start: body.span.end.saturating_sub(1).max(body.span.start),
            ..body.span
        };
        stmts.push(Stmt {
            kind: S::Lock(LockOp::Unlock, x),
            span: close,
        });
        out.push(Stmt {
            kind: S::Block(Block { stmts, span }),
            span,
        });
    }

    /// Puts `unlock x` before every `return` in `b` and every jump to a label
    /// not in `inside`.
    fn unlock_on_exit(&mut self, b: &mut Block, x: &Expr, inside: &HashSet<Name>) {
        for s in &mut b.stmts {
            let span = s.span;
            let unlock = Stmt {
                kind: S::Lock(LockOp::Unlock, x.clone()),
                span,
            };
            match &mut s.kind {
                S::Return(value) => {
                    let mut stmts = Vec::new();
                    let value = value.take().map(|v| {
                        let var = self.scopes.fresh("result", v.ty.clone(), span);
                        let local = Expr::new(K::Local(var.name), var.ty.clone(), v.span);
                        stmts.push(Stmt {
                            kind: S::Local(var, Some(v)),
                            span,
                        });
                        local
                    });
                    stmts.push(unlock);
                    stmts.push(Stmt {
                        kind: S::Return(value),
                        span,
                    });
                    s.kind = S::Block(Block { stmts, span });
                }
                S::Goto(label) if !inside.contains(label.as_str()) => {
                    let jump = Stmt {
                        kind: S::Goto(*label),
                        span,
                    };
                    s.kind = S::Block(Block {
                        stmts: vec![unlock, jump],
                        span,
                    });
                }
                S::If { then, els, .. } => {
                    self.unlock_on_exit(then, x, inside);
                    if let Some(e) = els {
                        self.unlock_on_exit(e, x, inside);
                    }
                }
                S::While { body, .. } => self.unlock_on_exit(body, x, inside),
                S::Block(b) => self.unlock_on_exit(b, x, inside),
                _ => {}
            }
        }
    }
}

/// The labels placed in `b`: jumps to them stay inside it.
fn labels(b: &Block, out: &mut HashSet<Name>) {
    for s in &b.stmts {
        match &s.kind {
            S::Label(l) => {
                out.insert(Name::from(l));
            }
            S::If { then, els, .. } => {
                labels(then, out);
                if let Some(e) = els {
                    labels(e, out);
                }
            }
            S::While { body, .. } => labels(body, out),
            S::Block(b) => labels(b, out),
            _ => {}
        }
    }
}
