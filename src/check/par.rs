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
            // Each thread of the block is a thread of its own.
            let outer = std::mem::replace(
                &mut b.current_thread,
                Err("is not supported yet in a par block (each of its threads is a thread of its own)"),
            );
            let (requires, ensures) = b.thread_contract(&t.contract, "a par block");
            b.pars.push(t.name.as_ref().map(|n| n.name));
            let body = b.block_apart(&t.body);
            b.pars.pop();
            b.current_thread = outer;
            (iters.len() == t.iters.len()).then(|| ParThread {
                name: t.name.as_ref().map(|n| n.name),
                iters,
                requires,
                ensures,
                body,
                apart: t.apart,
                span: t.span,
            })
        })
    }

    /// A block checked as a world of its own for control flow: no `break`,
    /// `continue` or `\result` of the code around it.
    fn block_apart(&mut self, b: &ast::Block) -> crate::core::Block {
        let loops = std::mem::take(&mut self.loops);
        let label = std::mem::take(&mut self.loop_label);
        let result = self.result.take();
        let body = self.block(b);
        self.loops = loops;
        self.loop_label = label;
        self.result = result;
        body
    }

    /// The requires and ensures of a par thread or a barrier (`context` is
    /// both; a thread's `context_everywhere` too).
    fn thread_contract(&mut self, contract: &ast::Contract, what: &str) -> (Vec<Expr>, Vec<Expr>) {
        super::decl::no_ghost_params(self, contract, what);
        let (mut requires, mut ensures) = (Vec::new(), Vec::new());
        for c in &contract.clauses {
            let (pre, post) = match c.kind {
                ClauseKind::Requires => (true, false),
                ClauseKind::Ensures => (false, true),
                // A thread's context_everywhere holds where it starts and ends.
                ClauseKind::Context | ClauseKind::ContextEverywhere => (true, true),
                ClauseKind::Decreases => {
                    self.decreases(c.span);
                    continue;
                }
                k => {
                    let msg = format!("{} is not allowed on {what}", k.keyword());
                    self.err::<()>(ErrorCode::Misplaced, c.span, msg);
                    continue;
                }
            };
            if let Some(x) = self.in_spec(|b| b.assertion(&c.expr)) {
                if pre {
                    requires.push(x.clone());
                }
                if post {
                    ensures.push(x);
                }
            }
        }
        (requires, ensures)
    }

    /// `barrier(name; invariants) contract hint`: directly in a thread of
    /// the par block `name`, suspending invariant blocks around it.
    pub(super) fn barrier(
        &mut self,
        name: &ast::Ident,
        invariants: &[ast::Ident],
        contract: &ast::Contract,
        hint: Option<&ast::Block>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        if self.pars.last() != Some(&Some(name.name)) {
            let msg = format!(
                "a barrier names the par block whose thread it is directly in; {} is not that block",
                name.name
            );
            self.err::<()>(ErrorCode::Undeclared, name.span, msg);
        }
        for i in invariants {
            if !self.invariants.contains(&i.name) {
                let msg = format!("no invariant block named {} encloses this barrier", i.name);
                self.err::<()>(ErrorCode::Undeclared, i.span, msg);
            }
        }
        let (requires, ensures) = self.thread_contract(contract, "a barrier");
        let hint = match hint {
            Some(h) => self.block_apart(h),
            None => crate::core::Block {
                stmts: Vec::new(),
                span,
            },
        };
        out.push(Stmt {
            kind: S::Barrier {
                name: name.name,
                invariants: invariants.iter().map(|i| i.name).collect(),
                suspended: Vec::new(),
                requires,
                ensures,
                hint,
            },
            span,
        });
    }
}
