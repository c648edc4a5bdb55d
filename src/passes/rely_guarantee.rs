//! The kit of the rely/guarantee layers, `passes::calvin` (Calvin: each
//! thread against its environment assumption and guarantee) and
//! `passes::calvin_r` (Calvin-R: access predicates and reduction). Both
//! check every thread's code sequentially for an arbitrary thread id, with
//! the other threads as an environment step that havocs the shared state
//! under what they may do; what they share is built here, once:
//!
//! * a call's operands, each hoisted into a step of its own before the
//!   call (`call_operands`);
//! * the thread's id, a ghost parameter of each thread's method, for the
//!   papers' `tid` (`\current_thread` in the checked program);
//! * the state: every object's shared fields (`every_object`, `all_perms`,
//!   `all_of`), `\old` at a label (`at_label`);
//! * a monitor's acquire as one step (`acquire`: `holder == 0`, then
//!   `holder = tid`, the monitor owner registered by the checker in
//!   `core::Features::monitor_owner`);
//! * the inlining of a callee's body at a call (`declared_locals`, `rename_inlined`,
//!   `as_inlined`, `returns_jump_to`).
//!
//! It is no pass: the two passes keep what differs (Calvin's guarantee and
//! method abstractions, Calvin-R's movers and `performs` automata).

use crate::core::build::{binary, eq, implies, int, ne, null, perm, write};
use crate::core::visit::{map_expr, subst_this};
use crate::core::{
    Block, ClassId, Expr, ExprKind as K, FieldId, Method, Name, Stmt, StmtKind as S, Type, Var,
};
use crate::syntax::ast::{BinOp, Quantifier};
use crate::syntax::span::Span;
use std::collections::HashSet;

/// The thread's id, the ghost parameter `name` of a thread's method.
pub(super) fn thread_id(name: &str, span: Span) -> Expr {
    Expr::new(K::Local(Name::from(name)), Type::Int, span)
}

/// Makes `m` a thread's method: its thread's id becomes the ghost parameter
/// `name` (calls in bodies checked later pass none), and `tid` in its
/// contract that parameter. Gives the id.
pub(super) fn give_thread_id(m: &mut Method, name: &str) -> Expr {
    let span = m.span;
    m.given.push(Var {
        name: Name::from(name),
        ty: Type::Int,
        span,
    });
    let tid = thread_id(name, span);
    for e in m.contract.exprs_mut() {
        let x = std::mem::replace(e, Expr::bool(true, span));
        *e = subst_tid(x, &tid);
    }
    tid
}

/// A call's receiver and arguments, in order, each made a value of its own
/// by `hoist` (which puts the steps that read it before the call); None
/// when one cannot be (`hoist` said why).
pub(super) fn call_operands(
    recv: Option<Expr>,
    args: Vec<Expr>,
    mut hoist: impl FnMut(Expr) -> Option<Expr>,
) -> Option<(Option<Expr>, Vec<Expr>)> {
    let recv = match recv {
        Some(r) => Some(hoist(r)?),
        None => None,
    };
    let args = args.into_iter().map(hoist).collect::<Option<Vec<_>>>()?;
    Some((recv, args))
}

/// Renames in an inlined body the locals it declares (`renamed`, by
/// `rename`) where they are declared and assigned, and every label and jump
/// (the caller's labels stay apart); gives the body's labels, renamed.
pub(super) fn rename_inlined(
    body: &mut Block,
    renamed: &HashSet<Name>,
    rename: &dyn Fn(Name) -> Name,
) -> HashSet<Name> {
    let mut labels = HashSet::new();
    crate::core::visit::each_stmt_mut(body, &mut |x| {
        let kind = take_kind(x);
        x.kind = match kind {
            S::Local(v, e) if renamed.contains(&v.name) => S::Local(
                Var {
                    name: rename(v.name),
                    ..v
                },
                e,
            ),
            S::AssignLocal(n, e) if renamed.contains(&n) => S::AssignLocal(rename(n), e),
            S::Call {
                target: Some(n),
                mut call,
            } => {
                for y in call.yields.iter_mut().flatten() {
                    if renamed.contains(y) {
                        *y = rename(*y);
                    }
                }
                let n = if renamed.contains(&n) { rename(n) } else { n };
                S::Call {
                    target: Some(n),
                    call,
                }
            }
            S::NewArray { target, elem, dims } if renamed.contains(&target) => S::NewArray {
                target: rename(target),
                elem,
                dims,
            },
            S::Label(l) => {
                labels.insert(rename(l));
                S::Label(rename(l))
            }
            S::Goto(l) => S::Goto(rename(l)),
            kind => kind,
        };
    });
    labels
}

/// Acquiring monitor `lock` (owner field `owner`, read as `holder`) as one
/// step: it waits until the monitor is free, then thread `tid` holds it.
pub(super) fn acquire(
    lock: &Expr,
    owner: FieldId,
    holder: &Expr,
    tid: Expr,
    span: Span,
) -> Vec<Stmt> {
    vec![
        Stmt {
            kind: S::Assume(eq(holder.clone(), int(0, span))),
            span,
        },
        Stmt {
            kind: S::AssignField {
                recv: Box::new(lock.clone()),
                field: owner,
                value: tid,
            },
            span,
        },
    ]
}

/// `e` with `\current_thread` (the papers' `tid`) replaced by `by`.
pub(super) fn subst_tid(e: Expr, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::CurrentThread => Expr {
            span: x.span,
            ..by.clone()
        },
        _ => x,
    })
}

/// `\old(e)` becomes `old[label](e)`.
pub(super) fn at_label(e: Expr, label: &Name) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Old(None, inner) => Expr {
            kind: K::Old(Some(*label), inner),
            ..x
        },
        kind => Expr { kind, ..x },
    })
}

/// `forall vars :: body`, `forall*` over a resource (`ty`).
pub(super) fn quant(vars: Vec<Var>, body: Expr, ty: Type) -> Expr {
    let span = body.span;
    let q = if ty == Type::Resource {
        Quantifier::ForallStar
    } else {
        Quantifier::Forall
    };
    Expr::new(
        K::Quant {
            q,
            vars: vars.into(),
            triggers: Vec::new().into(),
            body: Box::new(body),
        },
        ty,
        span,
    )
}

/// `forall o: C :: o != null ==> body[this := o]`.
pub(super) fn every_object(c: ClassId, body: Expr, name: &str) -> Expr {
    let span = body.span;
    let var = Var {
        name: Name::from(name),
        ty: Type::Class(c),
        span,
    };
    let o = Expr::new(K::Local(var.name), var.ty.clone(), span);
    let nonnull = ne(o.clone(), null(span));
    let body = subst_this(body, &o);
    let ty = body.ty.clone();
    quant(vec![var], implies(nonnull, body), ty)
}

/// `Perm(loc, write)`.
pub(super) fn write_perm(loc: Expr, span: Span) -> Expr {
    perm(loc, write(span), span)
}

/// Takes `x`'s kind, leaving an empty block, to rebuild it from its parts.
pub(super) fn take_kind(x: &mut Stmt) -> S {
    std::mem::replace(&mut x.kind, S::Block(Block::empty(x.span)))
}

/// Write permission to every shared field of every object, one clause per field.
pub(super) fn all_perms(shared: &[(ClassId, FieldId, Type)], span: Span) -> Vec<Expr> {
    shared
        .iter()
        .map(|(c, f, ty)| {
            let (c, f) = (*c, *f);
            let this = Expr::new(K::This, Type::Class(c), span);
            let loc = Expr::new(K::Field(Box::new(this), f), ty.clone(), span);
            every_object(c, write_perm(loc, span), "weft_calvin_o")
        })
        .collect()
}

/// The resources `xs` as one assertion (`true` for none).
pub(super) fn all_of(xs: Vec<Expr>, span: Span) -> Expr {
    (xs.into_iter())
        .reduce(|a, b| binary(BinOp::And, a, b, Type::Resource))
        .unwrap_or_else(|| Expr::bool(true, span))
}

/// An inlined body's `return e` as `result = e; goto end` (the Calvin and
/// Calvin-R passes inline calls alike).
pub(super) fn returns_jump_to(body: &mut Block, result: Name, end: Name) {
    crate::core::visit::each_stmt_mut(body, &mut |x| {
        x.kind = match take_kind(x) {
            S::Return(e) => {
                let mut stmts = Vec::new();
                if let Some(e) = e {
                    stmts.push(Stmt {
                        kind: S::AssignLocal(result, e),
                        span: x.span,
                    });
                }
                stmts.push(Stmt {
                    kind: S::Goto(end),
                    span: x.span,
                });
                S::Block(Block {
                    stmts,
                    span: x.span,
                })
            }
            kind => kind,
        };
    });
}

/// Adds the locals `body` declares to `into` (an inlined body's locals are renamed).
pub(super) fn declared_locals(body: &Block, into: &mut HashSet<Name>) {
    crate::core::visit::each_stmt(body, &mut |x| {
        if let S::Local(v, _) = &x.kind {
            into.insert(v.name);
        }
    });
}

/// An expression of an inlined body as the caller sees it: `this` as the
/// receiver, `\old` as at the call's label `start`, the callee's parameters and
/// locals (`renamed`) renamed.
pub(super) fn as_inlined(
    e: Expr,
    recv: Option<&Expr>,
    start: &Name,
    renamed: &HashSet<Name>,
    rename: &dyn Fn(Name) -> Name,
) -> Expr {
    let e = match recv {
        Some(r) => subst_this(e, r),
        None => e,
    };
    map_expr(at_label(e, start), &mut |x| match x.kind {
        K::Local(n) if renamed.contains(&n) => Expr {
            kind: K::Local(rename(n)),
            ..x
        },
        kind => Expr { kind, ..x },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_are_hoisted_in_order_and_stop_at_the_first_that_cannot_be() {
        let span = Span::default();
        let n = |k: i128| int(k, span);
        let mut seen = Vec::new();
        let all = call_operands(Some(n(0)), vec![n(1), n(2)], |x| {
            seen.push(x.clone());
            Some(x)
        });
        assert_eq!(seen.len(), 3);
        let (recv, args) = all.expect("every operand hoisted");
        assert!(recv.is_some() && args.len() == 2);
        let mut tried = 0;
        let none = call_operands(None, vec![n(1), n(2), n(3)], |x| {
            tried += 1;
            (tried < 2).then_some(x)
        });
        assert!(none.is_none());
        assert_eq!(tried, 2, "no operand after the first refused is hoisted");
    }

    #[test]
    fn a_threads_method_gets_its_id_as_a_ghost_parameter_in_its_contract() {
        let p = crate::passes::testing::checked(
            crate::passes::testing::Java,
            "class C { int x; /*@ requires \\current_thread > 0; */ void t() { } }",
        )
        .expect("checks");
        let mut m = crate::passes::testing::method(&p, "t").clone();
        let tid = give_thread_id(&mut m, "weft_tid");
        assert_eq!(m.given.last().map(|v| v.name.as_str()), Some("weft_tid"));
        assert!(matches!(tid.kind, K::Local(n) if n.as_str() == "weft_tid"));
        let pre = crate::core::print::expr(&p, &m.contract.requires[0]);
        assert_eq!(pre, "(> weft_tid 0)");
    }
}
