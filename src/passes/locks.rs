//! Intrinsic locks: PVL `lock_invariant`, `commit`, `lock`, `unlock`, `wait`,
//! `notify`, `held(o)`, `committed(o)` (VerCors semantics; Java's
//! `synchronized (o) { S }` is `lock o; S; unlock o;`).
//!
//! A class with a lock invariant is *lockable*. Its invariant is the instance
//! predicate `lock_invariant()` (PVL's `lock_invariant I;` declares it; Java
//! writes it as a predicate of that name), made inline here so that a lock
//! gives the invariant's permissions and facts directly. Each lockable class
//! `C` also gets, from this pass (`declare`), two members no source can
//! name:
//!
//! * `weft_held`, a ghost field never listed among the class's fields (so
//!   `new` does not give it): `held(o)` is `Perm(o.weft_held, write)`, a token
//!   that cannot be duplicated. Inhaling it twice is inconsistent, so a second
//!   `lock` of a held lock (VerCors's PVL locks are not reentrant) makes the
//!   rest of the path unreachable: the thread deadlocks.
//! * `weft_committed()`, an abstract function without precondition, so its
//!   value does not depend on the heap: `committed(o)` is knowledge, freely
//!   duplicated, that stays true once assumed.
//!
//! ```text
//! commit o  ~>  assert o != null            (lockNull)
//!               exhale I[this := o]         (commitFailed:R)
//!               assume committed(o)
//! lock o    ~>  assert o != null            (lockNull)
//!               assert committed(o)         (lockNotCommitted)
//!               inhale I[this := o] ** held(o)
//! unlock o  ~>  exhale held(o)              (heldFailed:R)
//!               exhale I[this := o]         (invariantFailed:R)
//! wait o    ~>  assert held(o)              (heldFailed:R)
//!               exhale I[this := o]         (invariantFailed:R)
//!               inhale I[this := o]         (another thread ran in between)
//! notify o  ~>  assert held(o)              (heldFailed:R)
//! ```
//!
//! A constructor ends with the object not committed: nothing says
//! `committed(this)` until a `commit`. The null checks are left out for `this`.

use super::{Lower, Out, Pass};
use crate::core::visit::{map_body_exprs, map_decl_exprs};
use crate::core::{
    Block, ClassId, Expr, ExprKind, FieldId, Function, FunctionId, MethodId, PredicateId, Program,
    Stmt, StmtKind, Token, Type,
};
use crate::diag::{FailureCode, Reason};
use crate::syntax::ast::{BinOp, LockOp};
use crate::syntax::span::Span;
use std::collections::BTreeMap;

/// The ghost field whose write permission is `held(o)`.
pub const HELD: &str = "weft_held";
/// The abstract function that is `committed(o)`.
pub const COMMITTED: &str = "weft_committed";

/// A class with a lock invariant, and the members that encode its lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lockable {
    pub invariant: PredicateId,
    pub held: FieldId,
    pub committed: FunctionId,
}

/// Declares the held token and the committed function of lockable class `c`.
fn declare(p: &mut Program, c: ClassId, invariant: PredicateId) -> Lockable {
    let span = p.class(c).span;
    let held = p.add_token_field(HELD, c);
    let committed = FunctionId(p.functions.len() as u32);
    p.functions.push(Function {
        derived: None,
        name: COMMITTED.into(),
        class: Some(c),
        is_static: false,
        is_inline: false,
        params: Vec::new(),
        ret: Type::Bool,
        contract: Default::default(),
        body: None,
        span,
    });
    Lockable {
        invariant,
        held,
        committed,
    }
}

/// `held(o)`: `Perm(o.weft_held, write)`.
pub fn held(o: Expr, l: Lockable, span: Span) -> Expr {
    let loc = Expr::new(ExprKind::Field(Box::new(o), l.held), Type::Bool, span);
    let write = Expr::new(ExprKind::Write, Type::Rational, span);
    Expr::new(
        ExprKind::Perm(Box::new(loc), Box::new(write)),
        Type::Resource,
        span,
    )
}

/// `committed(o)`: `o.weft_committed()`.
pub fn committed(o: Expr, l: Lockable, span: Span) -> Expr {
    Expr::new(
        ExprKind::FunctionCall {
            func: l.committed,
            recv: Some(Box::new(o)),
            args: Box::default(),
        },
        Type::Bool,
        span,
    )
}

/// The lock invariant of `o`.
fn invariant_of(o: Expr, l: Lockable, span: Span) -> Expr {
    Expr::new(
        ExprKind::PredicateAccess(Box::new(crate::core::PredicateAccess {
            pred: l.invariant,
            recv: Some(o),
            args: Vec::new(),
            perm: Expr::new(ExprKind::Write, Type::Rational, span),
        })),
        Type::Resource,
        span,
    )
}

/// The pass's entry in [`super::PASSES`].
pub const PASS: Pass = Pass {
    name: "locks",
    description: "lock_invariant, commit, lock, unlock, wait and notify become checks, inhales and exhales of the invariant and of held/committed tokens",
    declare: |p, _| declarations(p),
    removes: |s| matches!(s, StmtKind::Lock(..)),
    removes_expr: |e| matches!(e, ExprKind::Token(Token::Held | Token::Committed, _)),
    removes_decl: super::no_decl,
};

/// The lockable classes.
struct Locks(BTreeMap<ClassId, Lockable>);

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let mut classes = BTreeMap::new();
    for (c, invariant) in p.features.lock_invariant.clone() {
        // Locks give and take the invariant itself, not a folded instance.
        p.predicates[invariant.0 as usize].is_inline = true;
        classes.insert(c, declare(p, c, invariant));
    }
    let locks = Locks(classes);
    if !locks.0.is_empty() {
        map_decl_exprs(p, &mut |e| locks.token(e));
    }
    Box::new(locks)
}

impl Locks {
    /// `held(o)` and `committed(o)` as the members that encode them.
    fn token(&self, e: Expr) -> Expr {
        match e.kind {
            ExprKind::Token(t @ (Token::Held | Token::Committed), o) => {
                // The checker admits only objects of lockable classes.
                let Type::Class(c) = o.ty else {
                    unreachable!("a token of an object")
                };
                let l = self.0[&c];
                match t {
                    Token::Held => held(*o, l, e.span),
                    _ => committed(*o, l, e.span),
                }
            }
            kind => Expr { kind, ..e },
        }
    }
}

impl Lower for Locks {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
        if !self.0.is_empty() {
            map_body_exprs(b, &mut |e| self.token(e));
            lower_block(b, &self.0);
        }
    }
}

fn lower_block(b: &mut Block, classes: &BTreeMap<ClassId, Lockable>) {
    crate::core::visit::each_stmt_mut(b, &mut |s| {
        let StmtKind::Lock(op, o) = &s.kind else {
            return;
        };
        let span = s.span;
        let lockable = match &o.ty {
            Type::Class(c) => classes.get(c).copied(),
            _ => None,
        };
        // The checker admits only objects of lockable classes.
        let Some(l) = lockable else { return };
        let stmts = lower(*op, o.clone(), l, span);
        s.kind = StmtKind::Block(Block { stmts, span });
    });
}

/// The statements of one lock operation on `o` (see the module comment).
fn lower(op: LockOp, o: Expr, l: Lockable, span: Span) -> Vec<Stmt> {
    let stmt = |kind| Stmt { kind, span };
    let check = |exhale, expr, code| stmt(StmtKind::Check { exhale, expr, code });
    let not_null = || {
        let null = Expr::new(ExprKind::Null, Type::Null, span);
        let ne = ExprKind::Binary(BinOp::Ne, Box::new(o.clone()), Box::new(null));
        check(
            false,
            Expr::new(ne, Type::Bool, span),
            FailureCode::LockNull,
        )
    };
    let null_check = !matches!(o.kind, ExprKind::This);
    let inv = || invariant_of(o.clone(), l, span);
    let held_o = || held(o.clone(), l, span);
    let mut out = Vec::new();
    match op {
        LockOp::Commit => {
            if null_check {
                out.push(not_null());
            }
            out.push(check(true, inv(), FailureCode::CommitFailed(Reason::False)));
            out.push(stmt(StmtKind::Assume(committed(o.clone(), l, span))));
        }
        LockOp::Lock => {
            if null_check {
                out.push(not_null());
            }
            out.push(check(
                false,
                committed(o.clone(), l, span),
                FailureCode::LockNotCommitted,
            ));
            out.push(stmt(StmtKind::Inhale(inv())));
            out.push(stmt(StmtKind::Inhale(held_o())));
        }
        LockOp::Unlock => {
            out.push(check(true, held_o(), FailureCode::HeldFailed(Reason::Perm)));
            out.push(check(
                true,
                inv(),
                FailureCode::InvariantFailed(Reason::False),
            ));
        }
        LockOp::Wait => {
            out.push(check(
                false,
                held_o(),
                FailureCode::HeldFailed(Reason::Perm),
            ));
            out.push(check(
                true,
                inv(),
                FailureCode::InvariantFailed(Reason::False),
            ));
            out.push(stmt(StmtKind::Inhale(inv())));
        }
        LockOp::Notify | LockOp::NotifyAll => {
            out.push(check(
                false,
                held_o(),
                FailureCode::HeldFailed(Reason::Perm),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COUNTER: &str = "
        class C {
          int x;
          lock_invariant Perm(x, write) ** x >= 0;
          C() { x = 0; commit this; }
          requires committed(this);
          void m() { lock this; x = 1; wait this; notify this; unlock this; }
          void n(C c) { lock c.self(); }
          pure C self() = this;
        }";

    /// The program after every pass (locks is the last).
    fn lowered(text: &str) -> Program {
        crate::passes::testing::after(crate::passes::testing::Pvl, text, "locks")
    }

    /// The statement kinds of a method body, one letter-word per statement,
    /// with generated checks by their failure code.
    fn shape(p: &Program, name: &str) -> Vec<String> {
        fn walk(b: &Block, out: &mut Vec<String>) {
            for s in &b.stmts {
                match &s.kind {
                    StmtKind::Block(b) => walk(b, out),
                    StmtKind::Check { exhale, code, .. } => {
                        let what = if *exhale { "exhale" } else { "assert" };
                        out.push(format!("{what} {code}"));
                    }
                    StmtKind::Inhale(_) => out.push("inhale".into()),
                    StmtKind::Assume(_) => out.push("assume".into()),
                    StmtKind::Local(..) => out.push("local".into()),
                    StmtKind::AssignField { .. } => out.push("write".into()),
                    StmtKind::Lock(op, _) => out.push(format!("unlowered {}", op.keyword())),
                    other => out.push(format!("{other:?}")),
                }
            }
        }
        let m = p.methods.iter().find(|m| m.name == name).expect("method");
        let mut out = Vec::new();
        walk(m.body.as_ref().expect("body"), &mut out);
        out
    }

    #[test]
    fn lock_operations_become_checks() {
        let p = lowered(COUNTER);
        assert_eq!(
            shape(&p, "m"),
            [
                "assert lockNotCommitted",
                "inhale",
                "inhale",
                "write",
                "assert heldFailed:perm",
                "exhale invariantFailed:false",
                "inhale",
                "assert heldFailed:perm",
                "exhale heldFailed:perm",
                "exhale invariantFailed:false",
            ]
        );
        assert_eq!(
            shape(&p, "C"),
            ["write", "exhale commitFailed:false", "assume"]
        );
    }

    #[test]
    fn other_operands_are_evaluated_once_and_null_checked() {
        let p = lowered(COUNTER);
        assert_eq!(
            shape(&p, "n"),
            [
                "local",
                "assert lockNull",
                "assert lockNotCommitted",
                "inhale",
                "inhale"
            ]
        );
    }

    #[test]
    fn tokens_are_declared_once_and_hidden() {
        let p = lowered(COUNTER);
        let c = ClassId(0);
        let invariant = p.features.lock_invariant[&c];
        assert!(p.predicate(invariant).is_inline);
        let helds: Vec<usize> = (0..p.fields.len())
            .filter(|&i| p.fields[i].name == HELD)
            .collect();
        assert_eq!(helds.len(), 1);
        assert!(!p.class(c).fields.contains(&FieldId(helds[0] as u32)));
    }
}
