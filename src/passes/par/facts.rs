//! What a thread may assume of the method's locals when it is verified as a
//! method of its own.
//!
//! A thread is verified apart from the method around it (a smaller proof for
//! the solver: only what the thread holds and knows), so the values of the
//! method's locals it reads come in as parameters, and what the method knew
//! of them must come along as facts. The facts are gathered on the way to
//! the `par` statement, syntactically: a local's initialisation `v = e` and
//! `new T[n]` (its length), what was assumed, inhaled or asserted, a branch's
//! condition, a loop's condition and invariants inside it, the method's
//! preconditions, and the enclosing thread's range and precondition. Only
//! heap-free facts are taken (locals, literals, operators, array lengths),
//! and a fact is dropped as soon as one of its locals may be assigned:
//! after the assignment, and for the whole of a loop or branch that may
//! assign it. So each fact holds when the block starts, which is all the
//! thread may assume (none of the method's locals changes while the threads
//! run: `passes::par` refuses a thread that assigns one).

use crate::core::{Block, Builtin, Expr, ExprKind, Stmt, StmtKind, Type};
use crate::name::Name;
use crate::syntax::ast::{BinOp, UnOp};
use std::collections::HashSet;

/// Heap-free facts that hold at a point of a body.
#[derive(Clone, Default)]
pub struct Facts {
    known: Vec<Expr>,
}

impl Facts {
    /// Takes the heap-free conjuncts of `e`.
    pub fn add(&mut self, e: &Expr) {
        for c in super::conjuncts(e.clone()) {
            if c.ty == Type::Bool && heap_free(&c) && !matches!(c.kind, ExprKind::Bool(true)) {
                self.known.push(c);
            }
        }
    }

    /// Forgets every fact about the locals in `names`.
    pub fn kill(&mut self, names: &HashSet<Name>) {
        if !names.is_empty() {
            self.known.retain(|f| locals(f).is_disjoint(names));
        }
    }

    /// What holds after `s`, which runs where `self` holds (the blocks inside
    /// it are walked by the caller, which passes what holds in them).
    pub fn after(&mut self, s: &Stmt) {
        let at = s.span;
        match &s.kind {
            StmtKind::Local(v, init) => {
                self.kill(&HashSet::from([v.name]));
                if let Some(e) = init {
                    self.equal(v.name, &v.ty, e, at);
                }
            }
            StmtKind::AssignLocal(v, e) => {
                self.kill(&HashSet::from([*v]));
                self.equal(*v, &e.ty, e, at);
            }
            StmtKind::NewArray { target, elem, dims } => {
                self.kill(&HashSet::from([*target]));
                let ty = dims
                    .iter()
                    .fold(elem.clone(), |t, _| Type::Array(Box::new(t)));
                let a = Expr::new(ExprKind::Local(*target), ty, at);
                let null = Expr::new(ExprKind::Null, Type::Null, at);
                self.known
                    .push(Expr::binary(BinOp::Ne, a.clone(), null, Type::Bool, at));
                if let Some(n) = dims.first().filter(|n| heap_free(n)) {
                    let len = Expr::new(
                        ExprKind::Builtin(Builtin::ArrayLength, vec![a]),
                        Type::Int,
                        at,
                    );
                    self.known
                        .push(Expr::binary(BinOp::Eq, len, n.clone(), Type::Bool, at));
                }
            }
            StmtKind::Assume(e) | StmtKind::Inhale(e) | StmtKind::Assert(e) => self.add(e),
            _ => self.kill(&assigned(s)),
        }
    }

    /// `v == e`, when `e` is heap-free and does not read `v`.
    fn equal(&mut self, v: Name, ty: &Type, e: &Expr, at: crate::syntax::span::Span) {
        if heap_free(e) && !locals(e).contains(&v) {
            let l = Expr::new(ExprKind::Local(v), ty.clone(), at);
            self.known
                .push(Expr::binary(BinOp::Eq, l, e.clone(), Type::Bool, at));
        }
    }

    /// The facts about `vars` and, with them, about every local a fact
    /// links to one of them; `vars` grows by those locals.
    pub fn about(&self, vars: &mut HashSet<Name>) -> Vec<Expr> {
        let mut taken = vec![false; self.known.len()];
        loop {
            let mut grew = false;
            for (f, t) in self.known.iter().zip(taken.iter_mut()) {
                let ls = locals(f);
                if !*t && !ls.is_disjoint(vars) {
                    *t = true;
                    grew = true;
                    vars.extend(ls);
                }
            }
            if !grew {
                break;
            }
        }
        self.known
            .iter()
            .zip(taken)
            .filter(|(_, t)| *t)
            .map(|(f, _)| f.clone())
            .collect()
    }
}

/// An expression whose value does not depend on the heap.
pub fn heap_free(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::This
        | ExprKind::Local(_) => true,
        ExprKind::Unary(UnOp::Not | UnOp::Neg, a) => heap_free(a),
        // A division's well-definedness was checked where it is; as a
        // thread's assumption it would be checked again, without its context.
        ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::FracDiv, ..) => false,
        ExprKind::Binary(_, a, b) => a.ty != Type::Resource && heap_free(a) && heap_free(b),
        ExprKind::Cond(c, a, b) => heap_free(c) && heap_free(a) && heap_free(b),
        ExprKind::Builtin(Builtin::ArrayLength, args) => args.iter().all(heap_free),
        _ => false,
    }
}

/// The locals `e` reads.
pub fn locals(e: &Expr) -> HashSet<Name> {
    let mut out = HashSet::new();
    crate::core::visit::visit_post(e, &mut |x| {
        if let ExprKind::Local(n) = &x.kind {
            out.insert(*n);
        }
    });
    out
}

/// The locals a statement may assign (inside its blocks too).
pub fn assigned(s: &Stmt) -> HashSet<Name> {
    let mut out = HashSet::new();
    let mut one = |s: &Stmt| match &s.kind {
        StmtKind::Local(v, _) => {
            out.insert(v.name);
        }
        StmtKind::AssignLocal(v, _) => {
            out.insert(*v);
        }
        StmtKind::NewArray { target, .. } => {
            out.insert(*target);
        }
        StmtKind::Call { target, call } => {
            out.extend(*target);
            out.extend(call.yields.iter().flatten().copied());
        }
        _ => {}
    };
    one(s);
    for b in crate::core::visit::child_blocks(&s.kind) {
        crate::core::visit::each_stmt(b, &mut one);
    }
    out
}

/// The locals assigned anywhere in `b`.
pub fn assigned_in(b: &Block) -> HashSet<Name> {
    let mut out = HashSet::new();
    for s in &b.stmts {
        out.extend(assigned(s));
    }
    out
}

/// The checks of the array accesses in `pre` (`a != null && 0 <= i && i <
/// a.length` for each `a[i]`, under the implications it is in), where `a`
/// and `i` are heap-free: the caller's exhale of every thread's
/// precondition made them, for every thread, so a thread may assume them
/// for itself before it takes its precondition in (which checks them again,
/// without what the caller knew).
pub fn accesses_checked(pre: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    for c in super::conjuncts(pre.clone()) {
        guarded(&c, None, &mut out);
    }
    out
}

fn guarded(e: &Expr, guard: Option<&Expr>, out: &mut Vec<Expr>) {
    let at = e.span;
    match &e.kind {
        ExprKind::Binary(BinOp::Implies, g, body) if heap_free(g) => {
            let g = match guard {
                Some(outer) => {
                    Expr::binary(BinOp::And, outer.clone(), (**g).clone(), Type::Bool, at)
                }
                None => (**g).clone(),
            };
            guarded(body, Some(&g), out);
        }
        ExprKind::Binary(BinOp::Star | BinOp::And, a, b) => {
            guarded(a, guard, out);
            guarded(b, guard, out);
        }
        ExprKind::Perm(loc, _) => guarded(loc, guard, out),
        ExprKind::ArrayIndex(a, i) if heap_free(a) && heap_free(i) => {
            let null = Expr::new(ExprKind::Null, Type::Null, at);
            let len = Expr::new(
                ExprKind::Builtin(Builtin::ArrayLength, vec![(**a).clone()]),
                Type::Int,
                at,
            );
            let zero = Expr::new(
                ExprKind::Int(crate::int::IntValue::from(0i128)),
                Type::Int,
                at,
            );
            let and = |x, y| Expr::binary(BinOp::And, x, y, Type::Bool, at);
            let check = and(
                Expr::binary(BinOp::Ne, (**a).clone(), null, Type::Bool, at),
                and(
                    Expr::binary(BinOp::Le, zero, (**i).clone(), Type::Bool, at),
                    Expr::binary(BinOp::Lt, (**i).clone(), len, Type::Bool, at),
                ),
            );
            out.push(match guard {
                Some(g) => Expr::binary(BinOp::Implies, g.clone(), check, Type::Bool, at),
                None => check,
            });
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{build, Var};
    use crate::syntax::span::Span;

    fn int(n: i128) -> Expr {
        build::int(n, Span::default())
    }

    fn var(n: &str) -> Expr {
        build::local(Name::from(n), Type::Int, Span::default())
    }

    fn decl(n: &str, init: Expr) -> Stmt {
        let v = Var {
            name: Name::from(n),
            ty: Type::Int,
            span: Span::default(),
        };
        build::stmt(StmtKind::Local(v, Some(init)), Span::default())
    }

    fn about(f: &Facts, names: &[&str]) -> (Vec<Expr>, HashSet<Name>) {
        let mut vars: HashSet<Name> = names.iter().map(|n| Name::from(*n)).collect();
        (f.about(&mut vars), vars)
    }

    #[test]
    fn an_assignment_kills_what_was_known_of_the_local() {
        let mut f = Facts::default();
        f.after(&decl("n", int(5)));
        assert_eq!(about(&f, &["n"]).0.len(), 1);
        let plus = Expr::binary(BinOp::Add, var("n"), int(1), Type::Int, Span::default());
        f.after(&Stmt {
            kind: StmtKind::AssignLocal(Name::from("n"), plus),
            span: Span::default(),
        });
        // Neither n == 5 nor n == n + 1.
        assert!(about(&f, &["n"]).0.is_empty());
    }

    #[test]
    fn a_fact_brings_the_locals_it_links_to() {
        let mut f = Facts::default();
        f.after(&decl("n", int(5)));
        let plus = Expr::binary(BinOp::Add, var("n"), int(1), Type::Int, Span::default());
        f.after(&decl("m", plus));
        let (facts, vars) = about(&f, &["m"]);
        assert_eq!(facts.len(), 2);
        assert!(vars.contains(&Name::from("n")));
    }

    #[test]
    fn a_division_is_no_fact() {
        let mut f = Facts::default();
        let div = Expr::binary(BinOp::Div, var("n"), var("d"), Type::Int, Span::default());
        f.after(&decl("q", div));
        assert!(about(&f, &["q"]).0.is_empty());
    }

    #[test]
    fn an_access_check_keeps_its_guard() {
        let at = Span::default();
        let a = Expr::new(
            ExprKind::Local(Name::from("a")),
            Type::Array(Box::new(Type::Int)),
            at,
        );
        let cell = Expr::new(
            ExprKind::ArrayIndex(Box::new(a), Box::new(var("i"))),
            Type::Int,
            at,
        );
        let perm = Expr::new(
            ExprKind::Perm(
                Box::new(cell),
                Box::new(Expr::new(ExprKind::Write, Type::Frac, at)),
            ),
            Type::Resource,
            at,
        );
        let guard = Expr::binary(BinOp::Lt, var("i"), var("n"), Type::Bool, at);
        let pre = Expr::binary(BinOp::Implies, guard, perm, Type::Resource, at);
        let checks = accesses_checked(&pre);
        assert_eq!(checks.len(), 1);
        assert!(matches!(
            checks[0].kind,
            ExprKind::Binary(BinOp::Implies, ..)
        ));
        assert_eq!(locals(&checks[0]).len(), 3);
    }
}
