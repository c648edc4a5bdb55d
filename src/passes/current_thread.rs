//! `\current_thread` (the thesis's §7.2): the id of the thread running the code.
//!
//! The thesis's encoding: the current thread is an argument of every method,
//! constructor and `thread_local` predicate, passed on at each call and use.
//!
//! ```text
//! m(…) { … \current_thread … }             ~>  m(…, int weft_tid) { … weft_tid … }
//! o.m(args)                                 ~>  o.m(args, weft_tid)
//! thread_local resource P(xs) = … \current_thread …
//!                                           ~>  P(xs, int weft_tid) = … weft_tid …
//! P(as)   (P thread_local)                  ~>  P(as, weft_tid)
//! in run() of a runnable class C            ~>  weft_thread_C(this), an abstract
//!                                               function of the thread's object
//! ```
//!
//! So a fork and a join (the threads pass, after this one) speak of the
//! forked thread's own id, `weft_thread_C(t)`, and `run` is verified for it.
//!
//! Removes `CurrentThread`. Adds, only when the program names
//! `\current_thread`: a parameter to every method but the runs and to every
//! `thread_local` predicate, and a function per runnable class.
//!
//! Sound because an id is only an integer the code is verified for whatever
//! its value (a method for any `weft_tid` its caller passes, a run for any id
//! of its object): nothing is assumed of it but that it is the same
//! throughout one method, which an argument is. What the thesis needs of a
//! thread's id (a thread's own slot `held[\current_thread]`) comes from
//! permissions, which are checked as ever. A predicate that names the thread
//! must be `thread_local` (the checker), and a thread-local predicate is part
//! of no other predicate (`check::thread_local`), so no thread can hand one
//! to another, where it would name the wrong thread.

use super::{Lower, Out, Pass};
use crate::core::visit::map_expr;
use crate::core::{
    Block, ClassId, Expr, ExprKind, Function, FunctionId, MethodId, PredicateId, Program, StmtKind,
    Type, Var,
};
use crate::name::Name;
use std::collections::{HashMap, HashSet};

pub const PASS: Pass = Pass {
    name: "current_thread",
    description: "\\current_thread: a parameter of every method and thread_local predicate, a run's own thread id",
    declare: |p, _| declarations(p),
    removes: |_| false,
    removes_expr: |e| matches!(e, ExprKind::CurrentThread),
    removes_decl: super::no_decl,
};

/// The parameter that carries the current thread.
const TID: &str = crate::core::THREAD_ID;

struct CurrentThread {
    /// The run methods, each with the id function of its class.
    runs: HashMap<MethodId, FunctionId>,
    /// The thread_local predicates (they take the id).
    local: HashSet<PredicateId>,
}

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    if !p.names_current_thread {
        return Box::new(None::<CurrentThread>);
    }
    let mut runs = HashMap::new();
    for (class, run) in p.features.run.clone() {
        runs.insert(run, id_function(p, class));
    }
    let local: HashSet<PredicateId> = (0..p.predicates.len())
        .map(|i| PredicateId(i as u32))
        .filter(|id| p.predicate(*id).is_thread_local)
        .collect();
    let ct = CurrentThread { runs, local };
    for i in 0..p.methods.len() {
        let id = MethodId(i as u32);
        let tid = ct.tid(p, id);
        let m = &mut p.methods[i];
        if !ct.runs.contains_key(&id) {
            m.params.push(Var {
                name: Name::from(TID),
                ty: Type::Int,
                span: m.span,
            });
        }
        for e in m.contract.exprs_mut() {
            *e = ct.expr(std::mem::replace(e, Expr::bool(true, tid.span)), &tid);
        }
    }
    for &id in &ct.local {
        let q = &mut p.predicates[id.0 as usize];
        let tid = Expr::new(ExprKind::Local(Name::from(TID)), Type::Int, q.span);
        q.params.push(Var {
            name: Name::from(TID),
            ty: Type::Int,
            span: q.span,
        });
        if let Some(b) = q.body.take() {
            q.body = Some(ct.expr(b, &tid));
        }
    }
    // Thread-local predicates used in the bodies of the others' (never,
    // `check::thread_local`) or of functions need no id.
    Box::new(Some(ct))
}

/// `weft_thread_C(C t): int`, abstract: the id of thread object t.
fn id_function(p: &mut Program, class: ClassId) -> FunctionId {
    let span = p.class(class).span;
    let id = FunctionId(p.functions.len() as u32);
    p.functions.push(Function {
        derived: None,
        name: Name::from(format!("weft_thread_{}", p.class(class).name)),
        class: None,
        is_static: true,
        is_inline: false,
        params: vec![Var {
            name: Name::from("t"),
            ty: Type::Class(class),
            span,
        }],
        ret: Type::Int,
        contract: Default::default(),
        body: None,
        span,
    });
    id
}

impl CurrentThread {
    /// The current thread in method `m`: its parameter, or in a run the id
    /// of its object.
    fn tid(&self, p: &Program, m: MethodId) -> Expr {
        let span = p.method(m).span;
        match self.runs.get(&m) {
            Some(f) => {
                let this = Expr::new(
                    ExprKind::This,
                    Type::Class(p.method(m).class.expect("a run is a method of a class")),
                    span,
                );
                Expr::new(
                    ExprKind::FunctionCall {
                        func: *f,
                        recv: None,
                        args: vec![this].into(),
                    },
                    Type::Int,
                    span,
                )
            }
            None => Expr::new(ExprKind::Local(Name::from(TID)), Type::Int, span),
        }
    }

    /// `e` with the current thread `tid`: `\current_thread` replaced, a
    /// thread-local predicate given it.
    fn expr(&self, e: Expr, tid: &Expr) -> Expr {
        map_expr(e, &mut |x| match x.kind {
            ExprKind::CurrentThread => Expr {
                span: x.span,
                ..tid.clone()
            },
            ExprKind::PredicateAccess(mut a) if self.local.contains(&a.pred) => {
                a.args.push(tid.clone());
                Expr {
                    kind: ExprKind::PredicateAccess(a),
                    ..x
                }
            }
            kind => Expr { kind, ..x },
        })
    }
}

impl Lower for Option<CurrentThread> {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        let Some(ct) = self else { return };
        let tid = ct.tid(p, m);
        crate::core::visit::each_stmt_mut(b, &mut |s| {
            crate::core::visit::map_stmt_exprs(s, &mut |e| ct.expr(e, &tid));
            if let StmtKind::Call { call, .. } = &mut s.kind {
                if !ct.runs.contains_key(&call.method) {
                    call.args.push(tid.clone());
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, contract, Pvl};

    #[test]
    fn the_current_thread_is_a_parameter_passed_on_at_each_call() {
        let text = "class T { int[] s;
          thread_local resource mine() = Perm(s, 1\\2) ** s != null ** 0 <= \\current_thread ** \\current_thread < s.length;
          requires mine();
          void m() { n(); assert \\current_thread >= 0; }
          void n() { } }";
        let p = after(Pvl, text, "current_thread");
        let tid = crate::core::THREAD_ID;
        assert_eq!(
            contract(&p, "m"),
            [format!("requires ([write]this.mine {tid})")]
        );
        assert_eq!(
            body(&p, "m"),
            format!("{{(call this.n({tid})) (assert (>= {tid} 0))}}")
        );
    }

    #[test]
    fn a_program_that_does_not_name_it_is_unchanged() {
        let text = "class T { void m() { n(); } void n() { } }";
        let p = after(Pvl, text, "current_thread");
        assert_eq!(body(&p, "m"), "{(call this.n())}");
    }
}
