//! Java threads in a Calvin program (Calvin §6.2). A class that extends
//! `Thread` has, from the Java front end, the ghost fields `start` (its
//! thread forked: Calvin's abstract field) and `weft_thread_id` (the id of
//! its thread: weft's thread ids are ints, where Calvin's are the Thread
//! objects). Then:
//!
//! ```text
//! run() of the class      requires tid == this.weft_thread_id && this.start
//!                         (Calvin's `assume tid = this ∧ tid.start`)
//! x = new T()             in the allocation step: assume n > 1 (main is 1)
//!                         and no allocated Thread object has id n; x.id = n
//! t.start()               one step: assert run()'s precondition as written
//!                         [this := t, tid := t's id] (the state the thread
//!                         starts in), t.start = true, and t is published
//!                         (its thread reaches it); the guarantee after it
//! E (every thread)        an allocated object's id never changes, a
//!                         started thread stays started
//! I (heap facts)          an allocated Thread object's id is above 1 and
//!                         no other's
//! ```
//!
//! Sound because the ids model Calvin's: distinct Thread objects are
//! distinct threads, none of them main, and `run`'s thread is its object's
//! (the facts are invariants every step keeps, checked as I is). The
//! assumed fresh id exists: finitely many objects are allocated at a time.

use super::*;
use std::collections::BTreeMap;

/// Each Thread class with its `start` and id fields (`core::Calvin::threads`),
/// in the classes' order, so that what is made of them is the same every run.
pub(super) type ThreadClasses = BTreeMap<ClassId, (FieldId, FieldId)>;

/// E's clauses and I's facts about thread objects (see the module).
pub(super) fn clauses(
    p: &Program,
    threads: &ThreadClasses,
    alloc: &HashMap<ClassId, FieldId>,
    env: &mut Vec<Clause>,
    inv: &mut Vec<Clause>,
) {
    for (&c, &(start, id)) in threads {
        let span = p.class(c).span;
        let this = Expr::new(K::This, Type::Class(c), span);
        let allocated = |o: &Expr, c: ClassId| match alloc.get(&c) {
            Some(_) => alloc::is_alloc(o.clone(), c, alloc),
            None => Expr::bool(true, span),
        };
        let my_id = Expr::new(K::Field(Box::new(this.clone()), id), Type::Int, span);
        let started = Expr::new(K::Field(Box::new(this.clone()), start), Type::Bool, span);
        let kept = eq(my_id.clone(), old(None, my_id.clone()));
        env.push(Clause {
            class: c,
            expr: implies(old(None, allocated(&this, c)), kept),
            code: FailureCode::Guarantee,
        });
        env.push(Clause {
            class: c,
            expr: implies(old(None, started.clone()), started),
            code: FailureCode::Guarantee,
        });
        let above_main = binary(BinOp::Gt, my_id.clone(), int(1, span), Type::Bool);
        inv.push(Clause {
            class: c,
            expr: implies(allocated(&this, c), above_main),
            code: FailureCode::GlobalInvariant,
        });
        for (&d, &(_, id_d)) in threads {
            let var = Var {
                name: Name::from("weft_calvin_other"),
                ty: Type::Class(d),
                span,
            };
            let o = Expr::new(K::Local(var.name), var.ty.clone(), span);
            let theirs = Expr::new(K::Field(Box::new(o.clone()), id_d), Type::Int, span);
            let both = and(
                and(non_null(o.clone(), span), allocated(&o, d)),
                and(
                    allocated(&this, c),
                    binary(BinOp::Ne, o.clone(), this.clone(), Type::Bool),
                ),
            );
            let differ = binary(BinOp::Ne, theirs, my_id.clone(), Type::Bool);
            inv.push(Clause {
                class: c,
                expr: Expr::new(
                    K::Quant {
                        q: Quantifier::Forall,
                        vars: vec![var].into(),
                        triggers: Vec::new().into(),
                        body: Box::new(implies(both, differ)),
                    },
                    Type::Bool,
                    span,
                ),
                code: FailureCode::GlobalInvariant,
            });
        }
    }
}

/// `e`, a thread's precondition (its `tid` the thread's id parameter), of
/// the thread whose id is `id`.
fn its_tid(e: Expr, id: &Expr) -> Expr {
    crate::core::visit::map_expr(e, &mut |x| match &x.kind {
        K::Local(n) if *n == TID => Expr {
            span: x.span,
            ..id.clone()
        },
        _ => x,
    })
}

/// Whether `m` is a class's `run()`: the method its thread runs.
pub(super) fn is_run(m: &Method) -> bool {
    m.name == "run" && m.params.is_empty() && !m.is_static
}

/// `run()`'s precondition in a Thread class: its thread is its object's,
/// and started.
pub(super) fn run_pre(c: ClassId, (start, id): (FieldId, FieldId), span: Span) -> Expr {
    let this = Expr::new(K::This, Type::Class(c), span);
    let my_id = Expr::new(K::Field(Box::new(this.clone()), id), Type::Int, span);
    let started = Expr::new(K::Field(Box::new(this), start), Type::Bool, span);
    and(eq(tid_expr(span), my_id), started)
}

impl Calvin {
    /// In `run` of a Thread class, what a loop keeps of its precondition:
    /// the thread is its object's, and started (E keeps both, and the
    /// thread's own steps do not undo them).
    pub(super) fn thread_invariant(&self, cx: &Cx, span: Span) -> Option<Expr> {
        let m = cx.p.method(*cx.inlining.first()?);
        let c = m.class?;
        let fields = *self.thread_classes.get(&c)?;
        is_run(m).then(|| run_pre(c, fields, span))
    }

    /// In the allocation step of `x`, a Thread object (before its
    /// allocation bit is set): its fresh id. The id's local is declared in
    /// `decls`.
    pub(super) fn fresh_thread_id(
        &self,
        x: &Expr,
        c: ClassId,
        span: Span,
        cx: &mut Cx,
        decls: &mut Vec<Stmt>,
    ) -> Vec<Stmt> {
        let Some(&(_, id)) = self.thread_classes.get(&c) else {
            return Vec::new();
        };
        let st = |kind| Stmt { kind, span };
        cx.fresh += 1;
        let n = Var {
            name: Name::from(format!("weft_calvin_thread{}", cx.fresh)),
            ty: Type::Int,
            span,
        };
        let ne = Expr::new(K::Local(n.name), Type::Int, span);
        decls.push(st(S::Local(n, None)));
        let mut out = vec![st(S::Assume(binary(
            BinOp::Gt,
            ne.clone(),
            int(1, span),
            Type::Bool,
        )))];
        for (d, &(_, id_d)) in &self.thread_classes {
            let this = Expr::new(K::This, Type::Class(*d), span);
            let theirs = Expr::new(K::Field(Box::new(this.clone()), id_d), Type::Int, span);
            let unused = binary(BinOp::Ne, theirs, ne.clone(), Type::Bool);
            let guarded = implies(alloc::is_alloc(this, *d, &self.alloc), unused);
            out.push(st(S::Assume(every_object(*d, guarded, "weft_calvin_o"))));
        }
        out.push(st(S::AssignField {
            recv: Box::new(x.clone()),
            field: id,
            value: ne,
        }));
        out
    }

    /// `t.start()`: one step that marks `t`'s thread started; `t` is
    /// published (its thread reaches it).
    pub(super) fn start_thread(
        &self,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let recv = call.recv;
        let class = match recv.as_ref().map(|r| &r.ty) {
            Some(Type::Class(c)) if self.thread_classes.contains_key(c) => *c,
            _ => {
                cx.errs.push(Diagnostic::not_supported(
                    span,
                    "`start()` of a thread whose class is not one of the program's classes that extend Thread",
                ));
                return;
            }
        };
        let Some(r) = recv.and_then(|r| self.hoist(r, span, cx, out)) else {
            return;
        };
        out.push(check_non_null(
            r.clone(),
            FailureCode::InvocationObjectNull,
            span,
        ));
        let (start, id) = self.thread_classes[&class];
        // run()'s precondition as written, of the new thread (`this` is t,
        // `tid` its id), in the state it starts in: checked in the step.
        let run = (cx.p.methods.iter().enumerate())
            .find(|(_, m)| m.class == Some(class) && is_run(m))
            .map(|(i, _)| MethodId(i as u32));
        let its_id = Expr::new(K::Field(Box::new(r.clone()), id), Type::Int, span);
        // (Thread's own contract, which a run without one takes, is about
        // permissions, which a Calvin program has none of: its resources
        // are left out.)
        let pres = run
            .and_then(|m| self.user_pres.get(&m))
            .into_iter()
            .flatten();
        let mut step: Vec<Stmt> = pres
            .filter(|e| e.ty != Type::Resource)
            .map(|e| Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: subst_this(its_tid(e.clone(), &its_id), &r),
                    code: FailureCode::PreFailed(crate::diag::Reason::False),
                },
                span,
            })
            .collect();
        step.push(Stmt {
            kind: S::AssignField {
                recv: Box::new(r.clone()),
                field: start,
                value: Expr::bool(true, span),
            },
            span,
        });
        self.write_step(step, span, cx, out);
        if let K::Local(x) = &r.kind {
            self.publish(cx, &[*x]);
        }
    }
}
