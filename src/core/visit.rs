//! The one walk over core statements that every pass uses.
//!
//! [`child_blocks_mut`] and [`child_blocks`] name the blocks directly inside a
//! statement by an exhaustive match: a new statement kind that holds a block
//! (a par block, an atomic block) must be added there, and is then seen by
//! every pass, rather than silently skipped by each pass's own walk.

use super::{Block, Stmt, StmtKind};

/// The blocks directly inside `s`, in order.
pub fn child_blocks_mut(s: &mut StmtKind) -> Vec<&mut Block> {
    match s {
        StmtKind::If { then, els, .. } => std::iter::once(then).chain(els.as_mut()).collect(),
        StmtKind::While { body, .. } => vec![body],
        StmtKind::Block(b) => vec![b],
        StmtKind::Invariant { body, .. } | StmtKind::Atomic { body, .. } => vec![body],
        StmtKind::Par(threads) => threads.iter_mut().map(|t| &mut t.body).collect(),
        StmtKind::Barrier { hint, .. } => vec![hint],
        StmtKind::Local(..)
        | StmtKind::AssignLocal(..)
        | StmtKind::AssignField { .. }
        | StmtKind::AssignIndex { .. }
        | StmtKind::Call { .. }
        | StmtKind::NewArray { .. }
        | StmtKind::Return(_)
        | StmtKind::Lock(..)
        | StmtKind::Assert(_)
        | StmtKind::Assume(_)
        | StmtKind::Inhale(_)
        | StmtKind::Exhale(_)
        | StmtKind::Refute(_)
        | StmtKind::Fold(_)
        | StmtKind::Unfold(_)
        | StmtKind::Label(_)
        | StmtKind::Goto(_)
        | StmtKind::Fork(_)
        | StmtKind::Join(_)
        | StmtKind::Check { .. } => Vec::new(),
    }
}

/// The blocks directly inside `s`, in order.
pub fn child_blocks(s: &StmtKind) -> Vec<&Block> {
    match s {
        StmtKind::If { then, els, .. } => std::iter::once(then).chain(els.as_ref()).collect(),
        StmtKind::While { body, .. } => vec![body],
        StmtKind::Block(b) => vec![b],
        StmtKind::Invariant { body, .. } | StmtKind::Atomic { body, .. } => vec![body],
        StmtKind::Par(threads) => threads.iter().map(|t| &t.body).collect(),
        StmtKind::Barrier { hint, .. } => vec![hint],
        _ => {
            // Same kinds as `child_blocks_mut` (kept exhaustive there).
            Vec::new()
        }
    }
}

/// Calls `f` on every statement of `b` and of the blocks nested in it, each
/// statement before the blocks inside it (which are those `f` left there: a
/// statement `f` replaces by a block of new statements has those visited).
pub fn each_stmt_mut(b: &mut Block, f: &mut dyn FnMut(&mut Stmt)) {
    for s in &mut b.stmts {
        f(s);
        for inner in child_blocks_mut(&mut s.kind) {
            each_stmt_mut(inner, f);
        }
    }
}

/// Calls `f` on every statement of `b` and of the blocks nested in it, outermost first.
pub fn each_stmt(b: &Block, f: &mut dyn FnMut(&Stmt)) {
    for s in &b.stmts {
        f(s);
        for inner in child_blocks(&s.kind) {
            each_stmt(inner, f);
        }
    }
}
