//! `par` blocks (VerCors's PVL): resolved here, lowered by `passes::par`. A
//! thread's iteration variables are its own; its body is a world of its own
//! for control flow (no `break`/`continue` to a loop around the block, no
//! `\result`).

use super::body::Body;
use crate::core::{Expr, ParThread, Stmt, StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast::{self, ClauseKind};
use crate::syntax::span::Span;

impl Body<'_> {
    pub(super) fn par(&mut self, threads: &[ast::ParThread], span: Span, out: &mut Vec<Stmt>) {
        let checked: Vec<Option<ParThread>> = threads.iter().map(|t| self.par_thread(t)).collect();
        if let Some(threads) = checked.into_iter().collect::<Option<Vec<_>>>() {
            out.push(Stmt {
                kind: S::Par(threads),
                span,
            });
        }
    }

    fn par_thread(&mut self, t: &ast::ParThread) -> Option<ParThread> {
        // The ranges are read where the block starts, outside the threads.
        let ranges: Vec<(Option<Expr>, Option<Expr>)> = t
            .iters
            .iter()
            .map(|i| {
                (
                    self.expect(&i.lo, &Type::Int),
                    self.expect(&i.hi, &Type::Int),
                )
            })
            .collect();
        if let Some(p) = t.contract.given.first().or(t.contract.yields.first()) {
            self.err::<()>(
                ErrorCode::Misplaced,
                p.span,
                "ghost parameters (given/yields) are not allowed on a par block",
            );
        }
        self.scoped(|b| {
            let mut iters = Vec::new();
            for (i, (lo, hi)) in t.iters.iter().zip(ranges) {
                let ty = b.ty(&i.ty);
                if ty.as_ref().is_some_and(|ty| *ty != Type::Int) {
                    b.err::<()>(
                        ErrorCode::TypeMismatch,
                        i.ty.span,
                        "a par block's iteration variable is an int",
                    );
                }
                let v = b.declare(&i.name, Type::Int);
                if let (Some(v), Some(lo), Some(hi)) = (v, lo, hi) {
                    iters.push((v, lo, hi));
                }
            }
            let (mut requires, mut ensures) = (Vec::new(), Vec::new());
            for c in &t.contract.clauses {
                let (pre, post) = match c.kind {
                    ClauseKind::Requires => (true, false),
                    ClauseKind::Ensures => (false, true),
                    // A thread's context_everywhere holds where it starts and ends.
                    ClauseKind::Context | ClauseKind::ContextEverywhere => (true, true),
                    ClauseKind::Decreases => {
                        b.decreases(c.span);
                        continue;
                    }
                    k => {
                        let msg = format!("{} is not allowed on a par block", k.keyword());
                        b.err::<()>(ErrorCode::Misplaced, c.span, msg);
                        continue;
                    }
                };
                if let Some(x) = b.in_spec(|b| b.assertion(&c.expr)) {
                    if pre {
                        requires.push(x.clone());
                    }
                    if post {
                        ensures.push(x);
                    }
                }
            }
            let loops = std::mem::take(&mut b.loops);
            let label = b.loop_label.take();
            let result = b.result.take();
            let body = b.block(&t.body);
            b.loops = loops;
            b.loop_label = label;
            b.result = result;
            (iters.len() == t.iters.len()).then(|| ParThread {
                name: t.name.as_ref().map(|n| n.name),
                iters,
                requires,
                ensures,
                body,
                span: t.span,
            })
        })
    }
}
