//! Sugar over the locks layer: Java's `synchronized (o) { S }`.
//!
//! ```text
//! synchronized (o) { S }  ~>  C t = o;          (unless o is `this`)
//!                             lock t;
//!                             S′                 (S with `unlock t` before each
//!                                                 exit: every `return`, and every
//!                                                 jump to a label outside S)
//!                             unlock t;          (at the closing brace)
//! ```
//!
//! The lock object is evaluated once, into `t`, even when it is a variable:
//! `S` may assign the variable, yet it unlocks the object it locked. A
//! returned value is computed before the unlock. Like VerCors, weft treats
//! the lock as not reentrant: a `synchronized` on a lock the thread holds
//! deadlocks (the locks layer's `held` token cannot be inhaled twice). The
//! pass removes `Synchronized`; the locks pass lowers the lock operations.

use super::{Lower, Out, Pass};
use crate::core::build::bind;
use crate::core::visit::{child_blocks_mut, each_stmt};
use crate::core::{Block, Expr, ExprKind, MethodId, Name, Program, Stmt, StmtKind};
use crate::syntax::ast::LockOp;
use crate::syntax::span::Span;
use std::collections::HashSet;

/// The pass's entry in [`super::PASSES`].
pub const PASS: Pass = Pass {
    name: "desugar",
    description:
        "synchronized (o) { S } becomes lock/unlock of o, with an unlock before every exit of S",
    declare: |_, _| Box::new(Desugar),
    removes: |s| matches!(s, StmtKind::Synchronized { .. }),
    removes_expr: |_| false,
    removes_decl: super::no_decl,
};

struct Desugar;

impl Lower for Desugar {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
        lower_block(b, &mut 0);
    }
}

/// Lowers the `synchronized` blocks of `b`, innermost first: an exit from
/// nested blocks releases the inner lock, then the outer one.
fn lower_block(b: &mut Block, fresh: &mut u32) {
    for s in &mut b.stmts {
        for inner in child_blocks_mut(&mut s.kind) {
            lower_block(inner, fresh);
        }
        if !matches!(s.kind, StmtKind::Synchronized { .. }) {
            continue;
        }
        let empty = StmtKind::Block(Block {
            stmts: Vec::new(),
            span: s.span,
        });
        if let StmtKind::Synchronized { lock, body } = std::mem::replace(&mut s.kind, empty) {
            s.kind = StmtKind::Block(synchronized(lock, body, s.span, fresh));
        }
    }
}

/// The statements of one `synchronized` (see the module comment).
fn synchronized(lock: Expr, mut body: Block, span: Span, fresh: &mut u32) -> Block {
    let mut stmts = Vec::new();
    let at = lock.span;
    let lock = match lock.kind {
        ExprKind::This => lock,
        _ => {
            *fresh += 1;
            bind(format!("weft_lock_{fresh}"), lock, at, &mut stmts)
        }
    };
    stmts.push(Stmt {
        kind: StmtKind::Lock(LockOp::Lock, lock.clone()),
        span: at,
    });
    let mut inside = HashSet::new();
    each_stmt(&body, &mut |s| {
        if let StmtKind::Label(l) = &s.kind {
            inside.insert(*l);
        }
    });
    unlock_on_exit(&mut body, &lock, &inside, fresh);
    // The closing brace releases the lock.
    let close = Span {
        start: body.span.end.saturating_sub(1).max(body.span.start),
        ..body.span
    };
    let body_span = body.span;
    stmts.push(Stmt {
        kind: StmtKind::Block(body),
        span: body_span,
    });
    stmts.push(Stmt {
        kind: StmtKind::Lock(LockOp::Unlock, lock),
        span: close,
    });
    Block { stmts, span }
}

/// Puts `unlock lock` before every `return` in `b` and every jump to a
/// label not in `inside`.
fn unlock_on_exit(b: &mut Block, lock: &Expr, inside: &HashSet<Name>, fresh: &mut u32) {
    for s in &mut b.stmts {
        let span = s.span;
        let unlock = Stmt {
            kind: StmtKind::Lock(LockOp::Unlock, lock.clone()),
            span,
        };
        match &mut s.kind {
            StmtKind::Return(value) => {
                let mut stmts = Vec::new();
                let value = value.take().map(|v| {
                    *fresh += 1;
                    bind(format!("weft_result_{fresh}"), v, span, &mut stmts)
                });
                stmts.push(unlock);
                stmts.push(Stmt {
                    kind: StmtKind::Return(value),
                    span,
                });
                s.kind = StmtKind::Block(Block { stmts, span });
            }
            StmtKind::Goto(label) if !inside.contains(label) => {
                let jump = Stmt {
                    kind: StmtKind::Goto(*label),
                    span,
                };
                s.kind = StmtKind::Block(Block {
                    stmts: vec![unlock, jump],
                    span,
                });
            }
            kind => {
                for inner in child_blocks_mut(kind) {
                    unlock_on_exit(inner, lock, inside, fresh);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, Java};

    /// The body of method `name` after this pass.
    fn lowered(text: &str, name: &str) -> String {
        body(&after(Java, text, "desugar"), name)
    }

    #[test]
    fn synchronized_unlocks_on_every_exit() {
        let text = "//@ lock_invariant Perm(x, 1);
        class C { int x;
          synchronized int get() { return x; }
          void m(C c, int n) {
            while (n > 0) { synchronized (c) { if (n == 1) { break; } while (n > 5) { break; } } }
          }
        }";
        assert_eq!(
            lowered(text, "get"),
            "{{(lock this) {{(local weft_result_1 (. this x)) (unlock this) (return weft_result_1)}} (unlock this)}}"
        );
        let m = lowered(text, "m");
        // The outer break unlocks first; the inner loop's break stays inside.
        assert!(
            m.contains("(local weft_lock_1 c) (lock weft_lock_1)"),
            "{m}"
        );
        assert!(m.contains("{(unlock weft_lock_1) (goto "), "{m}");
        assert_eq!(m.matches("(unlock weft_lock_1)").count(), 2, "{m}");
    }

    #[test]
    fn nested_blocks_release_the_inner_lock_first() {
        let text = "//@ lock_invariant Perm(x, 1);
        class C { int x;
          int m(C c) { synchronized (this) { synchronized (c) { return 1; } } }
        }";
        let m = lowered(text, "m");
        let inner = m.find("(unlock weft_lock_1)").expect("the inner unlock");
        let outer = m.find("(unlock this)").expect("the outer unlock");
        assert!(inner < outer, "{m}");
    }
}
