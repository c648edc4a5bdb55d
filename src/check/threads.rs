//! `fork e`, `join e`, `idle(e)` and `running(e)`: `e` must be an object of
//! a runnable class (one with `void run()`, see `crate::passes::threads`).

use super::body::Body;
use crate::core::{ClassId, Expr, Stmt, StmtKind, Type};
use crate::diag::ErrorCode;
use crate::passes::threads::{self, Runnable};
use crate::syntax::ast;
use crate::syntax::span::Span;

impl Body<'_> {
    /// The runnable class of a thread operand, or an error on it.
    fn runnable_operand(&mut self, e: &ast::Expr, what: &str) -> Option<(Expr, Runnable)> {
        let x = self.expr(e, None)?;
        let Type::Class(c) = x.ty else {
            return self.mismatch(x.span, &format!("an object to {what}"), &x.ty);
        };
        match threads::runnable(&self.env.program, c) {
            Some(r) => Some((x, r)),
            None => self.err(
                ErrorCode::RunnableMethodMissing,
                x.span,
                format!(
                    "class {} has no method void run(), so it cannot {what}",
                    self.class_name(c)
                ),
            ),
        }
    }

    fn class_name(&self, c: ClassId) -> String {
        String::from(self.env.program.class(c).name)
    }

    /// `idle(e)` (`idle`) or `running(e)`: write permission to a token field.
    pub(super) fn thread_token(&mut self, e: &ast::Expr, idle: bool, span: Span) -> Option<Expr> {
        let what = if idle { "be idle" } else { "be running" };
        let (x, r) = self.runnable_operand(e, what)?;
        let field = if idle { r.idle } else { r.running };
        Some(threads::token(x, field, span))
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
        if let Some((x, _)) = self.runnable_operand(e, what) {
            let kind = if fork {
                StmtKind::Fork(x)
            } else {
                StmtKind::Join(x)
            };
            out.push(Stmt { kind, span });
        }
    }
}
