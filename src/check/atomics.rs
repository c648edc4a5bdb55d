//! `invariant name(R) { … }` and `atomic(name) { … }` (VerCors's PVL): resolved
//! here, lowered by `passes::atomics`. An atomic block names invariants of the
//! blocks around it; one that names an invariant an enclosing atomic block holds
//! already would hold it twice, and is refused.

use super::body::Body;
use crate::core::{Stmt, StmtKind as S};
use crate::diag::ErrorCode;
use crate::syntax::ast;
use crate::syntax::span::Span;

impl Body<'_> {
    pub(super) fn invariant_block(
        &mut self,
        name: &ast::Ident,
        inv: &ast::Expr,
        body: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let inv = self.in_spec(|b| b.assertion(inv));
        if self.invariants.contains(&name.name) {
            let msg = format!("an invariant named {} encloses this one", name.name);
            self.err::<()>(ErrorCode::Duplicate, name.span, msg);
        }
        self.invariants.push(name.name);
        let body = self.block(body);
        self.invariants.pop();
        if let Some(inv) = inv {
            out.push(Stmt {
                kind: S::Invariant {
                    name: name.name,
                    inv,
                    body,
                },
                span,
            });
        }
    }

    pub(super) fn atomic_block(
        &mut self,
        names: &[ast::Ident],
        body: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let mut held = Vec::new();
        for n in names {
            if !self.invariants.contains(&n.name) {
                let msg = format!(
                    "no invariant block named {} encloses this atomic block",
                    n.name
                );
                self.err::<()>(ErrorCode::Undeclared, n.span, msg);
            } else if self.atomics.contains(&n.name) || held.contains(&n.name) {
                let msg = format!(
                    "the invariant {} is held here already (by an enclosing atomic block or earlier in this list)",
                    n.name
                );
                self.err::<()>(ErrorCode::Misplaced, n.span, msg);
            } else {
                held.push(n.name);
            }
        }
        let depth = self.atomics.len();
        self.atomics.extend(held.iter().copied());
        let body = self.block(body);
        self.atomics.truncate(depth);
        out.push(Stmt {
            kind: S::Atomic { names: held, body },
            span,
        });
    }
}
