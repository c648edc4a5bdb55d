//! Magic wands, resolved and typed: `A -* B` (a resource), `package A -* B
//! { proof }` and `apply A -* B;`. Nothing is lowered: the core keeps them,
//! and Silicon checks them as Viper's own wands (the Boogie encoding does
//! not model wands and says so).
//!
//! A proof holds only ghost steps that Viper's package can replay on the
//! wand's own state: `fold`, `unfold`, `apply`, nested `package`, `assert`,
//! `if` and ghost locals. A method call or a heap write there would change
//! the program's state from inside a proof, so it is refused.

use super::body::Body;
use crate::core::{Block, ExprKind as K, Stmt, StmtKind as S};
use crate::diag::ErrorCode;
use crate::syntax::ast;
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;

impl Body<'_> {
    /// `package A -* B { proof }`.
    pub(super) fn package_stmt(
        &mut self,
        wand: &ast::Expr,
        proof: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let w = self.wand(wand, "package");
        let before = self.errs.len();
        let proof = self.in_spec(|b| b.in_ghost(|b| b.block(proof)));
        self.proof_steps(&proof, before);
        if let Some(wand) = w {
            out.push(Stmt {
                kind: S::Package { wand, proof },
                span,
            });
        }
    }

    /// `apply A -* B;`.
    pub(super) fn apply_stmt(&mut self, wand: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        if let Some(w) = self.wand(wand, "apply") {
            out.push(Stmt {
                kind: S::Apply(w),
                span,
            });
        }
    }

    /// The wand a `package` or `apply` names (parentheses around it are fine).
    fn wand(&mut self, e: &ast::Expr, what: &str) -> Option<crate::core::Expr> {
        let x = self.in_spec(|b| b.assertion(e))?;
        if matches!(x.kind, K::Binary(BinOp::Wand, ..)) {
            Some(x)
        } else {
            self.err(
                ErrorCode::TypeMismatch,
                e.span,
                format!("{what} needs a magic wand `A -* B`"),
            )
        }
    }

    /// Refuses the steps a package's proof may not take (once: not those
    /// the ghost rules refused already, errors from `from` on).
    fn proof_steps(&mut self, b: &Block, from: usize) {
        for s in &b.stmts {
            match &s.kind {
                S::Fold(_)
                | S::Unfold(_)
                | S::Apply(_)
                | S::Assert(_)
                | S::Local(..)
                | S::AssignLocal(..)
                | S::Label(_) => {}
                S::Package { proof, .. } => self.proof_steps(proof, from),
                S::Block(inner) => self.proof_steps(inner, from),
                S::If { then, els, .. } => {
                    self.proof_steps(then, from);
                    if let Some(e) = els {
                        self.proof_steps(e, from);
                    }
                }
                _ if self.refused_within(from, s.span) => {}
                _ => {
                    let msg = "a package's proof may only fold, unfold, apply, package, \
                               assert and branch, and set ghost locals";
                    self.err::<()>(ErrorCode::Misplaced, s.span, msg);
                }
            }
        }
    }

    /// Whether an error from the `from`th on lies within `at`.
    fn refused_within(&self, from: usize, at: Span) -> bool {
        self.errs[from..].iter().any(|d| {
            d.span
                .is_some_and(|x| x.file == at.file && x.start >= at.start && x.end <= at.end)
        })
    }
}
