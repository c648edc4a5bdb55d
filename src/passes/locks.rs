//! Intrinsic locks: PVL `lock_invariant`, `commit`, `lock`, `unlock`, `wait`,
//! `notify`, `held(o)`, `committed(o)` (VerCors semantics; Java's
//! `synchronized (o) { S }` is `lock o; S; unlock o;`).
//!
//! A class with a lock invariant is *lockable*. Its invariant is the instance
//! predicate `lock_invariant()` (PVL's `lock_invariant I;` declares it; Java
//! writes it as a predicate of that name), made inline here so that a lock
//! gives the invariant's permissions and facts directly. Each lockable class
//! `C` also gets, from the checker ([`declare`]), two members no source can
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

use super::{Lower, Pass};
use crate::core::{
    Block, ClassId, Expr, ExprKind, Field, FieldId, Function, FunctionId, MethodId, PredicateId,
    Program, Stmt, StmtKind, Type,
};
use crate::diag::{Diagnostic, FailureCode, Reason};
use crate::syntax::ast::LOCK_INVARIANT;
use crate::syntax::ast::{BinOp, LockOp};
use crate::syntax::span::Span;
use std::collections::HashMap;

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

/// The lock-invariant predicate of every class that declares one.
fn invariants(p: &Program) -> HashMap<ClassId, PredicateId> {
    let mut out = HashMap::new();
    for (i, q) in p.predicates.iter().enumerate() {
        let is_invariant = q.name == LOCK_INVARIANT && !q.is_static && q.params.is_empty();
        if let Some(c) = q.class.filter(|_| is_invariant) {
            out.entry(c).or_insert(PredicateId(i as u32));
        }
    }
    out
}

/// The held tokens and committed functions declared for each class (the
/// tokens are not among the class's fields).
fn lock_members(p: &Program) -> (HashMap<ClassId, FieldId>, HashMap<ClassId, FunctionId>) {
    let mut held = HashMap::new();
    for (i, f) in p.fields.iter().enumerate() {
        let id = FieldId(i as u32);
        if f.name == HELD && !p.class(f.class).fields.contains(&id) {
            held.entry(f.class).or_insert(id);
        }
    }
    let mut committed = HashMap::new();
    for (i, f) in p.functions.iter().enumerate() {
        if let Some(c) = f.class.filter(|_| f.name == COMMITTED && f.body.is_none()) {
            committed.entry(c).or_insert(FunctionId(i as u32));
        }
    }
    (held, committed)
}

/// Declares the held token and the committed function of each class among
/// `classes` that has a lock invariant and does not have them yet.
pub fn declare(p: &mut Program, classes: &[ClassId]) {
    let invariants = invariants(p);
    let (held, committed) = lock_members(p);
    for &c in classes {
        let declared = held.contains_key(&c) && committed.contains_key(&c);
        if !invariants.contains_key(&c) || declared {
            continue;
        }
        let span = p.class(c).span;
        p.fields.push(Field {
            name: HELD.into(),
            class: c,
            ty: Type::Bool,
            is_final: false,
            owner_links: Vec::new(),
            never_null: false,
            span,
        });
        p.functions.push(Function {
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
    }
}

/// Every lockable class with the members that encode its lock, in one pass
/// over the declarations (a lookup per class would be quadratic).
pub fn lockables(p: &Program) -> HashMap<ClassId, Lockable> {
    let (held, committed) = lock_members(p);
    invariants(p)
        .into_iter()
        .filter_map(|(c, invariant)| {
            Some((
                c,
                Lockable {
                    invariant,
                    held: *held.get(&c)?,
                    committed: *committed.get(&c)?,
                },
            ))
        })
        .collect()
}

/// The lockable class `c` (None if it has no lock invariant).
pub fn lockable(p: &Program, c: ClassId) -> Option<Lockable> {
    lockables(p).remove(&c)
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
    declare: declarations,
    removes: |s| matches!(s, StmtKind::Lock(..)),
};

/// The lockable classes.
struct Locks(Vec<(ClassId, Lockable)>);

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let mut classes = Vec::new();
    let all = lockables(p);
    for i in 0..p.classes.len() {
        let c = ClassId(i as u32);
        if let Some(&l) = all.get(&c) {
            // Locks give and take the invariant itself, not a folded instance.
            p.predicates[l.invariant.0 as usize].is_inline = true;
            classes.push((c, l));
        }
    }
    Box::new(Locks(classes))
}

impl Lower for Locks {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Vec<Diagnostic>) {
        if !self.0.is_empty() {
            lower_block(b, &self.0);
        }
    }
}

fn lower_block(b: &mut Block, classes: &[(ClassId, Lockable)]) {
    crate::core::visit::each_stmt_mut(b, &mut |s| {
        let StmtKind::Lock(op, o) = &s.kind else {
            return;
        };
        let span = s.span;
        let lockable = match &o.ty {
            Type::Class(c) => classes.iter().find(|(k, _)| k == c).map(|(_, l)| *l),
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
        LockOp::Notify => {
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
    use crate::check::check;
    use crate::syntax::parse_pvl;
    use crate::syntax::span::FileId;

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

    fn lowered(text: &str) -> Program {
        let unit = parse_pvl(FileId(0), text).expect("parses");
        super::super::run(check(&[unit]).expect("checks")).expect("lowers")
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
        let l = lockable(&p, c).expect("lockable");
        assert!(p.predicate(l.invariant).is_inline);
        assert!(!p.class(c).fields.contains(&l.held));
        let helds = p.fields.iter().filter(|f| f.name == HELD).count();
        assert_eq!(helds, 1);
    }
}
