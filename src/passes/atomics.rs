//! Invariant and atomic blocks (VerCors's PVL; the atomic steps of the thesis, ch. 5).
//!
//! The proof rules, with Γ the invariants in scope (named by the blocks around):
//!
//! ```text
//!   Γ, i:R ⊢ {P} S {Q}
//!   ───────────────────────────────────────────── (invariant)
//!   Γ ⊢ {P ∗ R} invariant i(R) { S } {Q ∗ R}
//!
//!   Γ ⊢ {P ∗ R} S {Q ∗ R}        i:R ∈ Γ, i not held around it
//!   ───────────────────────────────────────────── (atomic)
//!   Γ ⊢ {P} atomic(i) { S } {Q}
//! ```
//!
//! Lowered to permission-based core, with R′ the invariant over its locals frozen at
//! the block's entry (a local R reads may change inside the block; R′ does not):
//!
//! ```text
//! invariant i(R) { S }   ~>  T i$x = x; …              (each local R reads)
//!                            exhale R′                 (notEstablished:R, at the block)
//!                            S
//!                            inhale R′
//! atomic(i, j) { S }     ~>  inhale R′ᵢ; inhale R′ⱼ
//!                            S
//!                            exhale R′ⱼ; exhale R′ᵢ    (notMaintained:R, at the block)
//! ```
//!
//! Removes `Invariant` and `Atomic` from the core program.
//!
//! Why it is sound: between an invariant block's `exhale R′` and its `inhale R′`, R′ is
//! held by no one but the atomic block running, which gives back what it took (its
//! exhale is checked). So the final inhale returns what the entry gave up, and no
//! atomic block can take R′ twice: the checker refuses an atomic block that names an
//! invariant held around it, and only statements lexically inside the invariant block
//! can name it (a called method or a forked thread cannot). What is left is control
//! flow around the checks, refused here: a `return`, or a jump (`break`, `continue`,
//! `goto`) from inside an atomic block to outside it, would keep R′ without giving it
//! back; a jump from outside into either block would skip its entry (the invariant
//! block's exhale, the atomic block's inhale). Jumping out of an invariant block only
//! loses R′ (never inhaled again): sound, and allowed.

use super::{Lower, Out, Pass};
use crate::core::visit::each_stmt;
use crate::core::visit::{map_expr, visit_post};
use crate::core::{Block, Expr, ExprKind, MethodId, Program, Stmt, StmtKind, Var};
use crate::diag::{Diagnostic, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::span::Span;
use std::collections::{HashMap, HashSet};

pub const PASS: Pass = Pass {
    name: "atomics",
    description: "invariant blocks give up their invariant; atomic blocks hold it for their body",
    declare: |_, _| Box::new(Atomics),
    removes: |s| matches!(s, StmtKind::Invariant { .. } | StmtKind::Atomic { .. }),
    removes_expr: |_| false,
    removes_decl: super::no_decl,
};

struct Atomics;

impl Lower for Atomics {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, out: &mut Out) {
        let errs = &mut out.errs;
        if !has_blocks(b) {
            return;
        }
        jumps(b, errs);
        if !errs.is_empty() {
            return;
        }
        let mut l = Lowering {
            scope: HashMap::new(),
            next: 0,
        };
        l.block(b);
    }
}

fn has_blocks(b: &Block) -> bool {
    let mut found = false;
    each_stmt(b, &mut |s| {
        found |= matches!(s.kind, StmtKind::Invariant { .. } | StmtKind::Atomic { .. });
    });
    found
}

struct Lowering {
    /// The invariants in scope, frozen (R′).
    scope: HashMap<Name, Expr>,
    /// Numbers the frozen locals of this body.
    next: u32,
}

impl Lowering {
    fn block(&mut self, b: &mut Block) {
        let stmts = std::mem::take(&mut b.stmts);
        for s in stmts {
            self.stmt(s, &mut b.stmts);
        }
    }

    fn stmt(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        let at = |kind| Stmt { kind, span };
        match s.kind {
            StmtKind::Invariant {
                name,
                inv,
                mut body,
            } => {
                let (frozen, locals) = self.freeze(name, inv);
                let mut stmts: Vec<Stmt> = locals
                    .into_iter()
                    .map(|(v, x)| at(StmtKind::Local(v, Some(x))))
                    .collect();
                stmts.push(at(StmtKind::Check {
                    exhale: true,
                    expr: frozen.clone(),
                    code: FailureCode::NotEstablished(Reason::False),
                }));
                let outer = self.scope.insert(name, frozen.clone());
                self.block(&mut body);
                match outer {
                    Some(o) => self.scope.insert(name, o),
                    None => self.scope.remove(&name),
                };
                stmts.push(at(StmtKind::Block(body)));
                stmts.push(at(StmtKind::Inhale(frozen)));
                out.push(at(StmtKind::Block(Block { stmts, span })));
            }
            StmtKind::Atomic { names, mut body } => {
                let held: Vec<Expr> = names
                    .iter()
                    .filter_map(|n| self.scope.get(n).cloned())
                    .collect();
                let mut stmts: Vec<Stmt> = held
                    .iter()
                    .map(|r| at(StmtKind::Inhale(r.clone())))
                    .collect();
                self.block(&mut body);
                stmts.push(at(StmtKind::Block(body)));
                stmts.extend(held.into_iter().rev().map(|r| {
                    at(StmtKind::Check {
                        exhale: true,
                        expr: r,
                        code: FailureCode::AtomicNotMaintained(Reason::False),
                    })
                }));
                out.push(at(StmtKind::Block(Block { stmts, span })));
            }
            // A barrier that suspends invariants holds them in the proof of its
            // consistency (`passes::par`): their assertions, frozen as here.
            StmtKind::Barrier {
                ref mut invariants,
                ref mut suspended,
                ref mut hint,
                ..
            } => {
                for n in std::mem::take(invariants) {
                    if let Some(r) = self.scope.get(&n) {
                        suspended.push(r.clone());
                    }
                }
                self.block(hint);
                out.push(s);
            }
            _ => {
                for inner in crate::core::visit::child_blocks_mut(&mut s.kind) {
                    self.block(inner);
                }
                out.push(s);
            }
        }
    }

    /// `inv` over fresh locals holding the values its free locals have now, and those
    /// locals with their values.
    fn freeze(&mut self, name: Name, inv: Expr) -> (Expr, Vec<(Var, Expr)>) {
        let mut bound = HashSet::new();
        let mut free: Vec<(Name, Expr)> = Vec::new();
        visit_post(&inv, &mut |e| match &e.kind {
            ExprKind::Quant { vars, .. } => bound.extend(vars.iter().map(|v| v.name)),
            ExprKind::Let { var, .. } => {
                bound.insert(var.name);
            }
            _ => {}
        });
        visit_post(&inv, &mut |e| {
            if let ExprKind::Local(n) = &e.kind {
                if !bound.contains(n) && !free.iter().any(|(m, _)| m == n) {
                    free.push((*n, e.clone()));
                }
            }
        });
        let mut renamed = HashMap::new();
        let mut locals = Vec::new();
        for (n, read) in free {
            self.next += 1;
            let fresh = Name::new(&format!("weft_{name}_{}_{n}", self.next));
            renamed.insert(n, fresh);
            let var = Var {
                name: fresh,
                ty: read.ty.clone(),
                span: read.span,
            };
            locals.push((var, read));
        }
        let frozen = map_expr(inv, &mut |e| match &e.kind {
            ExprKind::Local(n) if renamed.contains_key(n) => Expr {
                kind: ExprKind::Local(renamed[n]),
                ..e
            },
            _ => e,
        });
        (frozen, locals)
    }
}

/// An invariant or atomic block around a statement: its number in the body, and
/// whether it is atomic.
type Around = Vec<(usize, bool)>;

/// Where the labels and jumps of a body stand.
#[derive(Default)]
struct Jumps {
    labels: HashMap<Name, Around>,
    gotos: Vec<(Name, Span, Around)>,
    opened: usize,
}

/// Refuses the control flow the lowering cannot follow (see the module comment):
/// `return` in an atomic block, a jump from an atomic block to a label outside it,
/// and a jump from outside an invariant or atomic block to a label inside it.
fn jumps(b: &Block, errs: &mut Vec<Diagnostic>) {
    let mut j = Jumps::default();
    walk(b, &mut Vec::new(), &mut j, errs);
    for (target, span, from) in &j.gotos {
        let Some(to) = j.labels.get(target) else {
            continue;
        };
        if to.iter().any(|blk| !from.contains(blk)) {
            errs.push(Diagnostic::not_supported(
                *span,
                "a jump into an invariant or atomic block (it would skip the block's entry)",
            ));
        } else if from.iter().any(|blk| blk.1 && !to.contains(blk)) {
            errs.push(Diagnostic::not_supported(
                *span,
                "a jump out of an atomic block (its invariant would not be given back)",
            ));
        }
    }
}

fn walk(b: &Block, around: &mut Around, j: &mut Jumps, errs: &mut Vec<Diagnostic>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Label(l) => {
                j.labels.insert(*l, around.clone());
            }
            StmtKind::Goto(l) => j.gotos.push((*l, s.span, around.clone())),
            StmtKind::Return(_) if around.iter().any(|blk| blk.1) => {
                errs.push(Diagnostic::not_supported(
                    s.span,
                    "a return in an atomic block (its invariant would not be given back)",
                ));
            }
            _ => {}
        }
        let opens = match s.kind {
            StmtKind::Invariant { .. } => Some(false),
            StmtKind::Atomic { .. } => Some(true),
            _ => None,
        };
        if let Some(atomic) = opens {
            j.opened += 1;
            around.push((j.opened, atomic));
        }
        for inner in crate::core::visit::child_blocks(&s.kind) {
            walk(inner, around, j, errs);
        }
        if opens.is_some() {
            around.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, at, body, refused, Pvl};

    #[test]
    fn an_invariant_block_exhales_r_and_an_atomic_block_inhales_then_exhales_it() {
        let text = "class Acc { int a;
          context Perm(a, write);
          void m(int k) {
            invariant inv(Perm(a, write) ** a >= k) { atomic(inv) { a = a + 1; } }
          } }";
        let p = after(Pvl, text, "atomics");
        // k, which R reads, is frozen at the invariant block's entry (R′).
        let r = "(** (Perm (. this a) write) (>= (. this a) weft_inv_1_k))";
        assert_eq!(
            body(&p, "m"),
            format!(
                "{{{{(local weft_inv_1_k k) (check-exhale notEstablished:false {r}) \
                 {{{{(inhale {r}) {{(= (. this a) (+ (. this a) 1))}} (check-exhale notMaintained:false {r})}}}} \
                 (inhale {r})}}}}"
            )
        );
    }

    #[test]
    fn a_return_in_an_atomic_block_is_refused_at_the_return() {
        let text = "class Acc { void m() { invariant inv(true) { atomic(inv) { return; } } } }";
        let errs = refused(Pvl, text, "atomics");
        assert_eq!(at(text, &errs[0]), ("notSupported".into(), "return;"));
        assert!(errs[0].message.contains("return in an atomic block"));
    }
}
