//! Moving a member's origins by a fixed offset: what appending one origin
//! table to another ([`super::OriginTable::append`]) asks of the IR that indexes it.

use super::visit::visit_mut;
use super::{Expr, Function, Method, Origin, Predicate, Stmt, StmtKind as S};

/// Adds `by` to every origin of `m` (none stays none).
pub fn shift_origins(m: &mut Method, by: u32) {
    let shift = shifter(by);
    shift(&mut m.origin);
    for e in m.pres.iter_mut().chain(&mut m.posts) {
        expr(e, &shift);
    }
    for s in m.body.iter_mut().flatten() {
        stmt(s, &shift);
    }
}

/// [`shift_origins`] for a function.
pub fn shift_function_origins(f: &mut Function, by: u32) {
    let shift = shifter(by);
    shift(&mut f.origin);
    for e in f.pres.iter_mut().chain(&mut f.posts).chain(&mut f.body) {
        expr(e, &shift);
    }
}

/// [`shift_origins`] for a predicate.
pub fn shift_predicate_origins(q: &mut Predicate, by: u32) {
    let shift = shifter(by);
    shift(&mut q.origin);
    for e in q.body.iter_mut() {
        expr(e, &shift);
    }
}

fn shifter(by: u32) -> impl Fn(&mut Origin) {
    move |o: &mut Origin| {
        if !o.is_none() {
            o.0 += by;
        }
    }
}

fn stmt(s: &mut Stmt, f: &dyn Fn(&mut Origin)) {
    f(&mut s.origin);
    match &mut s.kind {
        S::LocalVar(_) | S::New { .. } | S::Label(_) | S::Goto(_) => {}
        S::Assign(_, e) => expr(e, f),
        S::FieldAssign { recv, value, .. } => {
            expr(recv, f);
            expr(value, f);
        }
        S::Call { args, .. } => args.iter_mut().for_each(|a| expr(a, f)),
        S::Inhale(e)
        | S::Exhale(e)
        | S::Havoc(e)
        | S::Assert(e)
        | S::Refute(e)
        | S::Assume(e)
        | S::Fold(e)
        | S::Unfold(e)
        | S::Apply(e) => expr(e, f),
        S::Package { wand, proof } => {
            expr(wand, f);
            proof.iter_mut().for_each(|s| stmt(s, f));
        }
        S::If { cond, then, els } => {
            expr(cond, f);
            then.iter_mut().chain(els).for_each(|s| stmt(s, f));
        }
        S::While {
            cond,
            invariants,
            body,
        } => {
            expr(cond, f);
            invariants.iter_mut().for_each(|e| expr(e, f));
            body.iter_mut().for_each(|s| stmt(s, f));
        }
        S::Seq(ss) => ss.iter_mut().for_each(|s| stmt(s, f)),
    }
}

fn expr(e: &mut Expr, f: &dyn Fn(&mut Origin)) {
    visit_mut(e, &mut |x| f(&mut x.origin));
}
