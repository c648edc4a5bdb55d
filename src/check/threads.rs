//! `fork e`, `join e`, `idle(e)` and `running(e)`: `e` must be an object of
//! a runnable class (one with `void run()`, `core::Features`); the
//! encoding is `crate::passes::threads`'s.

use super::body::Body;
use crate::core::{ClassId, Expr, Stmt, StmtKind, Token, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast;
use crate::syntax::span::Span;

impl Body<'_> {
    /// A thread operand (an object of a runnable class), or an error on it.
    fn runnable_operand(&mut self, e: &ast::Expr, what: &str) -> Option<Expr> {
        let x = self.expr(e, None)?;
        let Type::Class(c) = x.ty else {
            return self.mismatch(x.span, &format!("an object to {what}"), &x.ty);
        };
        if self.env.program.features.run.contains_key(&c) {
            return Some(x);
        }
        self.err(
            ErrorCode::RunnableMethodMissing,
            x.span,
            format!(
                "class {} has no method void run(), so it cannot {what}",
                self.class_name(c)
            ),
        )
    }

    fn class_name(&self, c: ClassId) -> String {
        String::from(self.env.program.class(c).name)
    }

    /// `idle(e)` (`idle`) or `running(e)`: write permission to a token field.
    pub(super) fn thread_token(&mut self, e: &ast::Expr, idle: bool, span: Span) -> Option<Expr> {
        let what = if idle { "be idle" } else { "be running" };
        let x = self.runnable_operand(e, what)?;
        let t = if idle { Token::Idle } else { Token::Running };
        Some(Expr::token(t, x, span))
    }

    /// `fork e;` (`fork`) or `join e;`.
    pub(super) fn thread_stmt(
        &mut self,
        e: &ast::Expr,
        fork: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let what = if fork { "be forked" } else { "be joined" };
        if let Some(x) = self.runnable_operand(e, what) {
            let kind = if fork {
                StmtKind::Fork(x)
            } else {
                StmtKind::Join(x)
            };
            out.push(Stmt { kind, span });
        }
    }
}
