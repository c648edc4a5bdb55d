//! Parallel blocks (VerCors's `par`; the threads of the thesis's GPU kernels, ch. 8).
//!
//! The proof rule, for a block of threads with `tid` ranging over `[lo, hi)`:
//!
//! ```text
//!   ∀ tid ∈ [lo, hi).  {P(tid)} S(tid) {Q(tid)}
//!   ────────────────────────────────────────────────────────────── (par)
//!   {⊛ tid ∈ [lo, hi). P(tid)}  par (tid = lo .. hi) S  {⊛ tid ∈ [lo, hi). Q(tid)}
//! ```
//!
//! `parallel { par A … par B … }` runs several blocks at once: their pre- and
//! postconditions are conjoined (⊛), each block's threads verified on their own.
//!
//! Lowered to core: in the method where the block is,
//!
//! ```text
//! par (tid = lo .. hi)   ~>  int lo′ = lo; int hi′ = hi;           (the range, read once)
//!   requires P;              label L;
//!   ensures Q;               exhale ⊛ tid ∈ [lo′, hi′). P           (parPreFailed:R, at the block)
//! { S }                      inhale ⊛ tid ∈ [lo′, hi′). Q
//! ```
//!
//! and each thread is verified once, for an arbitrary `tid`. A GPU kernel's
//! threads (`ParThread::apart`) are verified in a method of their own
//! (`Out::made`) whose parameters are the locals they read:
//!
//! ```text
//! void m_par(tid, lo′, hi′, x, …) {
//!   assume lo′ <= tid < hi′; assume F;    (F: what the method knew of x, … at the block)
//!   inhale P; label L;
//!   S; assert Q; exhale Q;               (parPostFailed:R, at the clause)
//! }
//! ```
//!
//! with `\old(e)` in P, Q and S read at L, where the block starts. Removes
//! `Par`. F is gathered syntactically on the way to the block ([`facts`]:
//! heap-free facts of locals no statement since may have assigned), and the
//! access checks of P, which the caller's exhale made for every thread. The
//! threads of a PVL block, and a kernel thread that reads the state at one of
//! the method's own labels or whose barrier reads `\old`, stay in the method
//! (they may rely on what the caller knows of the heap, such as a lock's
//! `committed`), on a branch: `if (*) { int tid; assume range; inhale P; S; assert
//! Q; exhale Q; assume false }`, its body framed by a loop that runs once
//! with invariant P (so only P gets in).
//!
//! `⊛ tid. R` is a quantified permission when R's locations name a thread id;
//! a resource naming none (every thread reads one field with `Perm(x, 1\n)`)
//! is held `hi′ - lo′` times: `Perm(x, (hi′ - lo′) * 1\n)` (as VerCors reads
//! it), so threads that together want more than the caller has fail as
//! `parPreFailed:perm`, and a location two thread ids share is `notInjective`.
//!
//! Why it is sound: the exhale takes from the caller what every thread needs,
//! as a separating conjunction: two threads that both need write permission to
//! one location need more than the caller can have, so a race is a failure of
//! that exhale (or of the injectivity check of its quantified permission).
//! Each thread is verified once, for an arbitrary `tid` in the range, in a
//! method nothing calls (or on a branch that ends in `assume false`: it adds
//! nothing to the caller's path). There it starts with P only (never more
//! than the caller gave up for it), so it cannot touch what another thread
//! owns, and with F, which holds of the locals' values when the block starts
//! and so while the threads run (none of the method's locals changes then: a
//! thread assigning one is refused, as are `return` and jumps out of a
//! thread). VerCors verifies a thread the same way (a method per block). The
//! caller then gets exactly the postconditions. Verifying a thread apart is
//! also the smaller proof: the backend does not carry the caller's heap
//! through it (the thesis's Listing 53 went from no verdict in 400 s to a
//! minute on Silicon).

mod facts;

use super::{Lower, Out, Pass};
use crate::core::build::read_var;
use crate::core::visit::each_stmt;
use crate::core::{
    Block, Expr, ExprKind, Method, MethodId, ParThread, Program, Stmt, StmtKind, Type, Var,
};
use crate::diag::{Diagnostic, ErrorCode, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::ast::{BinOp, Quantifier};
use crate::syntax::span::Span;
use facts::Facts;
use std::collections::{BTreeMap, HashSet};

pub const PASS: Pass = Pass {
    name: "par",
    description: "par blocks: the caller gives up every thread's precondition and gets their postconditions; one thread is verified in a frame",
    declare: |p, _| Box::new(Par::of(p)),
    removes: |s| matches!(s, StmtKind::Par(_) | StmtKind::Barrier { .. }),
    removes_expr: |_| false,
    removes_decl: super::no_decl,
};

/// What each method's precondition says of its parameters (heap-free),
/// read where the contracts are still in the program.
struct Par {
    given: Vec<Facts>,
}

impl Par {
    fn of(p: &Program) -> Par {
        let given = p
            .methods
            .iter()
            .map(|m| {
                let mut known = Facts::default();
                for r in m
                    .contract
                    .requires
                    .iter()
                    .chain(&m.contract.context_everywhere)
                {
                    known.add(r);
                }
                known
            })
            .collect();
        Par { given }
    }
}

impl Lower for Par {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
        let mut found = false;
        each_stmt(b, &mut |s| found |= matches!(s.kind, StmtKind::Par(_)));
        if !found {
            return;
        }
        let maker = p.method(m);
        let known = self.given.get(m.0 as usize).cloned().unwrap_or_default();
        let mut l = Lowering {
            next: 0,
            errs: &mut out.errs,
            made: &mut out.made,
            maker,
        };
        l.block(b, &known);
    }
}

struct Lowering<'a> {
    /// Numbers the par statements of this body (their labels and locals).
    next: u32,
    errs: &'a mut Vec<Diagnostic>,
    /// The threads verified as methods of their own.
    made: &'a mut Vec<Method>,
    /// The method whose body this is.
    maker: &'a Method,
}

/// An iteration variable, the locals holding its range, and the name it has
/// when it is quantified over (a local of the method may not be bound).
struct Iter {
    var: Var,
    lo: Var,
    hi: Var,
    bound: Var,
}

impl Lowering<'_> {
    /// Lowers the par statements of `b`, where `known` holds at its start.
    fn block(&mut self, b: &mut Block, known: &Facts) {
        let mut known = known.clone();
        let stmts = std::mem::take(&mut b.stmts);
        for mut s in stmts {
            if let StmtKind::Par(threads) = s.kind {
                let lowered = self.par(threads, s.span, &known);
                known.after(&lowered);
                b.stmts.push(lowered);
                continue;
            }
            self.inner(&mut s, &known);
            known.after(&s);
            b.stmts.push(s);
        }
    }

    /// The blocks inside `s`, with what holds in each.
    fn inner(&mut self, s: &mut Stmt, known: &Facts) {
        match &mut s.kind {
            StmtKind::If { cond, then, els } => {
                let mut yes = known.clone();
                yes.add(cond);
                self.block(then, &yes);
                if let Some(els) = els {
                    let mut no = known.clone();
                    let ty = cond.ty.clone();
                    no.add(&Expr::new(
                        ExprKind::Unary(crate::syntax::ast::UnOp::Not, Box::new(cond.clone())),
                        ty,
                        cond.span,
                    ));
                    self.block(els, &no);
                }
            }
            StmtKind::While {
                invariants,
                cond,
                body,
            } => {
                let mut each = known.clone();
                each.kill(&facts::assigned_in(body));
                each.add(cond);
                for i in invariants.iter() {
                    each.add(i);
                }
                self.block(body, &each);
            }
            kind => {
                for inner in crate::core::visit::child_blocks_mut(kind) {
                    self.block(inner, known);
                }
            }
        }
    }

    /// One `par` (or `parallel`) statement, where `known` holds.
    fn par(&mut self, threads: Vec<ParThread>, span: Span, known: &Facts) -> Stmt {
        let at = |kind| Stmt { kind, span };
        self.next += 1;
        let n = self.next;
        let label = Name::from(format!("weft_par{n}"));
        let mut ranges = Vec::new();
        let mut pre = Vec::new();
        let mut post = Vec::new();
        let mut checks = Vec::new();
        for (k, mut t) in threads.into_iter().enumerate() {
            self.refuse_escapes(&t);
            // Nested blocks first, in the thread's body, where its range and
            // its precondition hold too.
            let mut inside = known.clone();
            for (v, lo, hi) in &t.iters {
                let at = v.span;
                let v = read_var(v);
                inside.add(&Expr::binary(
                    BinOp::Le,
                    lo.clone(),
                    v.clone(),
                    Type::Bool,
                    at,
                ));
                inside.add(&Expr::binary(BinOp::Lt, v, hi.clone(), Type::Bool, at));
            }
            for r in &t.requires {
                inside.add(r);
            }
            self.block(&mut t.body, &inside);
            let mut iters = Vec::new();
            for (i, (v, lo, hi)) in t.iters.iter().enumerate() {
                let fresh = |end: &str| Var {
                    name: Name::from(format!("weft_par{n}_{k}_{i}_{end}")),
                    ty: Type::Int,
                    span: v.span,
                };
                let it = Iter {
                    var: v.clone(),
                    lo: fresh("lo"),
                    hi: fresh("hi"),
                    bound: fresh("tid"),
                };
                ranges.push(at(StmtKind::Local(it.lo.clone(), Some(lo.clone()))));
                ranges.push(at(StmtKind::Local(it.hi.clone(), Some(hi.clone()))));
                iters.push(it);
            }
            let requires: Vec<Expr> = t.requires.into_iter().map(|e| old_at(e, label)).collect();
            let ensures: Vec<Expr> = t.ensures.into_iter().map(|e| old_at(e, label)).collect();
            for r in &requires {
                pre.extend(conjuncts(r.clone()).map(|c| over_threads(&iters, c)));
            }
            for e in &ensures {
                post.extend(conjuncts(e.clone()).map(|c| over_threads(&iters, c)));
            }
            let mut body = t.body;
            // A barrier's `\old` is read for every thread, which only the
            // caller's state at L can give.
            let mut barrier_old = false;
            each_stmt(&body, &mut |s| {
                if let StmtKind::Barrier {
                    requires, ensures, ..
                } = &s.kind
                {
                    barrier_old |= requires.iter().chain(ensures).any(|e| {
                        crate::core::visit::find(e, &|x| matches!(x.kind, ExprKind::Old(..)))
                            .is_some()
                    });
                }
            });
            self.barriers(&mut body, &iters, n, k);
            crate::core::visit::each_stmt_mut(&mut body, &mut |s| old_in_stmt(s, label));
            let mut at_block = known.clone();
            for r in &ranges {
                at_block.after(r);
            }
            let thread = Thread {
                n,
                k,
                label,
                iters: &iters,
                requires,
                ensures,
                body,
                span: t.span,
            };
            let inline = if barrier_old || !t.apart {
                Some(self.one_thread(thread))
            } else {
                self.outline(thread, &at_block)
            };
            if let Some(inline) = inline {
                checks.push(inline);
            }
        }
        let mut stmts = ranges;
        stmts.push(at(StmtKind::Label(label)));
        if let Some(pre) = conjoin(pre, span) {
            stmts.push(at(StmtKind::Check {
                exhale: true,
                expr: pre,
                code: FailureCode::ParPreFailed(Reason::False),
            }));
        }
        stmts.extend(checks);
        if let Some(post) = conjoin(post, span) {
            stmts.push(at(StmtKind::Inhale(post)));
        }
        at(StmtKind::Block(Block { stmts, span }))
    }

    /// Verifies a thread as a method of its own, where `known` holds when
    /// the block starts (its facts of the method's locals, which come in as
    /// parameters): a smaller proof for the backend than the method around
    /// it. A thread that reads a state the method labelled (`\old` at a
    /// label of the method) stays where it is: its branch is returned.
    fn outline(&mut self, mut t: Thread, known: &Facts) -> Option<Stmt> {
        let scan = Scan::of(&mut t);
        if !scan.labels.is_empty() {
            return Some(self.one_thread(t));
        }
        let Thread {
            n,
            k,
            label,
            iters,
            requires,
            ensures,
            mut body,
            span,
        } = t;
        let at = |kind| Stmt { kind, span };
        let mut vars: HashSet<Name> = scan.free.keys().copied().collect();
        let facts = known.about(&mut vars);
        let mut types = scan.free;
        for f in &facts {
            crate::core::visit::visit_post(f, &mut |x| {
                if let ExprKind::Local(n) = &x.kind {
                    types.entry(*n).or_insert_with(|| x.ty.clone());
                }
            });
        }
        let params: Vec<Var> = types
            .into_iter()
            .filter(|(n, _)| vars.contains(n))
            .map(|(name, ty)| Var { name, ty, span })
            .collect();
        let mut stmts = Vec::new();
        if let Some(range) = range_of(iters, |it| &it.var, span) {
            stmts.push(at(StmtKind::Assume(range)));
        }
        if let Some(f) = conjoin(facts, span) {
            stmts.push(at(StmtKind::Assume(f)));
        }
        // The thread starts in the state where the block starts: in P,
        // `\old` at L is the value P gives (the caller gave it up at L).
        let requires: Vec<Expr> = requires.into_iter().map(|e| now_at(e, label)).collect();
        let checked: Vec<Expr> = requires.iter().flat_map(facts::accesses_checked).collect();
        if let Some(c) = conjoin(checked, span) {
            stmts.push(at(StmtKind::Assume(c)));
        }
        if let Some(p) = conjoin(requires, span) {
            stmts.push(at(StmtKind::Inhale(p)));
        }
        stmts.push(at(StmtKind::Label(label)));
        thread_post(&mut body, ensures, span);
        stmts.extend(body.stmts);
        let maker = self.maker;
        self.made.push(Method {
            name: Name::from(format!("par{n}_{k}")),
            class: maker.class,
            is_constructor: false,
            is_static: !maker.has_this(),
            is_ghost: maker.is_ghost,
            params,
            given: Vec::new(),
            yields: Vec::new(),
            ret: Type::Void,
            contract: Default::default(),
            body: Some(Block { stmts, span }),
            derived: maker.derived,
            span,
        });
        None
    }

    /// The branch that verifies one thread in the method, for an arbitrary
    /// `tid` in its range, framed by a loop that runs once.
    fn one_thread(&mut self, t: Thread) -> Stmt {
        let Thread {
            n,
            k,
            iters,
            requires,
            ensures,
            mut body,
            span,
            ..
        } = t;
        let at = |kind| Stmt { kind, span };
        let var = |name: String, ty: Type| Var {
            name: Name::from(name),
            ty,
            span,
        };
        let which = var(format!("weft_par{n}_{k}_check"), Type::Bool);
        let once = var(format!("weft_par{n}_{k}_once"), Type::Bool);
        let mut stmts = Vec::new();
        for it in iters {
            stmts.push(at(StmtKind::Local(it.var.clone(), None)));
        }
        if let Some(range) = range_of(iters, |it| &it.var, span) {
            stmts.push(at(StmtKind::Assume(range)));
        }
        let pre = conjoin(requires, span);
        if let Some(p) = &pre {
            stmts.push(at(StmtKind::Inhale(p.clone())));
        }
        stmts.push(at(StmtKind::Local(
            once.clone(),
            Some(Expr::bool(true, span)),
        )));
        thread_post(&mut body, ensures, span);
        body.stmts.push(at(StmtKind::AssignLocal(
            once.name,
            Expr::bool(false, span),
        )));
        let invariants = pre
            .map(|p| {
                let ty = p.ty.clone();
                vec![Expr::binary(BinOp::Implies, read_var(&once), p, ty, span)]
            })
            .unwrap_or_default();
        stmts.push(at(StmtKind::While {
            invariants,
            cond: read_var(&once),
            body,
        }));
        stmts.push(at(StmtKind::Assume(Expr::bool(false, span))));
        Stmt {
            kind: StmtKind::Block(Block {
                stmts: vec![
                    at(StmtKind::Local(which.clone(), None)),
                    at(StmtKind::If {
                        cond: read_var(&which),
                        then: Block { stmts, span },
                        els: None,
                    }),
                ],
                span,
            }),
            span,
        }
    }

    /// The barriers of a thread of block `k` (a barrier is directly in the
    /// thread of the block it names: the checker sees to it):
    ///
    /// ```text
    /// barrier(b; i) requires R; ensures E; H
    ///   ~>  if (*) {                          (consistency, once for all threads)
    ///         boolean once = true;
    ///         while (once) {                  (a frame: nothing gets in)
    ///           inhale ⊛ tid. R; inhale I; H; exhale I;  (notMaintained:I)
    ///           exhale ⊛ tid. E;                         (inconsistent:R, at the barrier)
    ///           once = false;
    ///         }
    ///         assume false;
    ///       }
    ///       exhale R; inhale E;                          (notEstablished:R, at the barrier)
    /// ```
    fn barriers(&mut self, body: &mut Block, iters: &[Iter], n: u32, k: usize) {
        let mut m = 0;
        crate::core::visit::each_stmt_mut(body, &mut |s| {
            let StmtKind::Barrier {
                suspended,
                requires,
                ensures,
                hint,
                ..
            } = &mut s.kind
            else {
                return;
            };
            m += 1;
            let span = s.span;
            let at = |kind| Stmt { kind, span };
            let var = |name: String| Var {
                name: Name::from(name),
                ty: Type::Bool,
                span,
            };
            let which = var(format!("weft_par{n}_{k}_barrier{m}"));
            let once = var(format!("weft_par{n}_{k}_barrier{m}_once"));
            let all = |es: &[Expr]| {
                let parts: Vec<Expr> = es
                    .iter()
                    .flat_map(|e| conjuncts(e.clone()))
                    .map(|c| over_threads(iters, c))
                    .collect();
                conjoin(parts, span)
            };
            let mut proof = Vec::new();
            // Each thread checks its accesses in R where it gives R up and in
            // E where it takes E in, so they hold here for every thread.
            let checked: Vec<Expr> = requires
                .iter()
                .chain(ensures.iter())
                .flat_map(facts::accesses_checked)
                .map(|c| over_threads(iters, c))
                .collect();
            if let Some(c) = conjoin(checked, span) {
                proof.push(at(StmtKind::Assume(c)));
            }
            if let Some(r) = all(requires) {
                proof.push(at(StmtKind::Inhale(r)));
            }
            for i in suspended.iter() {
                proof.push(at(StmtKind::Inhale(i.clone())));
            }
            proof.push(at(StmtKind::Block(std::mem::replace(
                hint,
                Block {
                    stmts: Vec::new(),
                    span,
                },
            ))));
            for i in suspended.iter().rev() {
                proof.push(at(StmtKind::Check {
                    exhale: true,
                    expr: i.clone(),
                    code: FailureCode::AtomicNotMaintained(Reason::False),
                }));
            }
            if let Some(e) = all(ensures) {
                proof.push(at(StmtKind::Check {
                    exhale: true,
                    expr: e,
                    code: FailureCode::Inconsistent(Reason::False),
                }));
            }
            proof.push(at(StmtKind::AssignLocal(
                once.name,
                Expr::bool(false, span),
            )));
            let check = vec![
                at(StmtKind::Local(once.clone(), Some(Expr::bool(true, span)))),
                at(StmtKind::While {
                    invariants: Vec::new(),
                    cond: read_var(&once),
                    body: Block { stmts: proof, span },
                }),
                at(StmtKind::Assume(Expr::bool(false, span))),
            ];
            let mut stmts = vec![
                at(StmtKind::Local(which.clone(), None)),
                at(StmtKind::If {
                    cond: read_var(&which),
                    then: Block { stmts: check, span },
                    els: None,
                }),
            ];
            if let Some(r) = conjoin(std::mem::take(requires), span) {
                stmts.push(at(StmtKind::Check {
                    exhale: true,
                    expr: r,
                    code: FailureCode::BarrierNotEstablished(Reason::False),
                }));
            }
            if let Some(e) = conjoin(std::mem::take(ensures), span) {
                stmts.push(at(StmtKind::Inhale(e)));
            }
            s.kind = StmtKind::Block(Block { stmts, span });
        });
    }

    /// A thread may not assign the enclosing method's locals or its
    /// iteration variables (the postcondition it proves is for its own id),
    /// return, or jump out of its body.
    fn refuse_escapes(&mut self, t: &ParThread) {
        let ids: HashSet<Name> = t.iters.iter().map(|(v, _, _)| v.name).collect();
        let mut declared: HashSet<Name> = HashSet::new();
        let mut labels = HashSet::new();
        each_stmt(&t.body, &mut |s| match &s.kind {
            StmtKind::Local(v, _) => {
                declared.insert(v.name);
            }
            StmtKind::Label(l) => {
                labels.insert(*l);
            }
            _ => {}
        });
        each_stmt(&t.body, &mut |s| {
            let assigned = match &s.kind {
                StmtKind::AssignLocal(n, _) => Some(*n),
                StmtKind::Call {
                    target: Some(n), ..
                } => Some(*n),
                StmtKind::NewArray { target, .. } => Some(*target),
                _ => None,
            };
            let msg = match (&s.kind, assigned) {
                (_, Some(n)) if ids.contains(&n) => format!(
                    "a thread of a par block cannot assign its iteration variable {n}"
                ),
                (_, Some(n)) if !declared.contains(&n) => format!(
                    "a thread of a par block cannot assign {n}, a local of the method around it (there would be no one value after the block)"
                ),
                (StmtKind::Return(_), _) => {
                    "return inside a par block (a thread cannot return for the method)".into()
                }
                (StmtKind::Goto(l), _) if !labels.contains(l) => {
                    "a jump out of a par block's thread".into()
                }
                _ => return,
            };
            self.errs
                .push(Diagnostic::error(ErrorCode::Misplaced, s.span, msg));
        });
    }
}

/// The conjunction of `lo′ <= x && x < hi′` for each iteration variable x
/// (`which` picks the variable or its bound name); None without any.
fn range_of(iters: &[Iter], which: impl Fn(&Iter) -> &Var, span: Span) -> Option<Expr> {
    iters
        .iter()
        .map(|it| {
            let x = which(it);
            let low = Expr::binary(BinOp::Le, read_var(&it.lo), read_var(x), Type::Bool, span);
            let high = Expr::binary(BinOp::Lt, read_var(x), read_var(&it.hi), Type::Bool, span);
            Expr::binary(BinOp::And, low, high, Type::Bool, span)
        })
        .reduce(|a, b| Expr::binary(BinOp::And, a, b, Type::Bool, span))
}

/// `e` for every thread: `\forall*` (a resource) or `\forall` (a boolean)
/// over the iteration variables in their range; `e` itself for one thread.
fn over_threads(iters: &[Iter], e: Expr) -> Expr {
    let span = e.span;
    if let Some(one) = for_one_thread(iters, &e) {
        return one;
    }
    // A fact no thread id occurs in holds for all threads if it holds, when
    // there is a thread at all: no quantifier for the backends to instantiate.
    let mentions_tid = crate::core::visit::find(
        &e,
        &|x| matches!(&x.kind, ExprKind::Local(n) if iters.iter().any(|it| it.var.name == *n)),
    )
    .is_some();
    if !mentions_tid && e.ty == Type::Bool && !iters.is_empty() {
        return Expr::binary(
            BinOp::Implies,
            some_thread(iters, span),
            e,
            Type::Bool,
            span,
        );
    }
    if !mentions_tid && !iters.is_empty() {
        if let Some(all) = scaled(&e, &thread_count(iters, span)) {
            return Expr::binary(
                BinOp::Implies,
                some_thread(iters, span),
                all,
                e.ty.clone(),
                span,
            );
        }
    }
    let Some(range) = range_of(iters, |it| &it.bound, span) else {
        return e;
    };
    let renamed = crate::core::visit::map_expr(e, &mut |x| match &x.kind {
        ExprKind::Local(n) => match iters.iter().find(|it| it.var.name == *n) {
            Some(it) => Expr::new(ExprKind::Local(it.bound.name), x.ty, x.span),
            None => x,
        },
        _ => x,
    });
    let (q, ty) = if renamed.ty == Type::Bool {
        (Quantifier::Forall, Type::Bool)
    } else {
        (Quantifier::ForallStar, Type::Resource)
    };
    let body = Expr::binary(BinOp::Implies, range, renamed, ty.clone(), span);
    Expr::new(
        ExprKind::Quant {
            q,
            vars: iters.iter().map(|it| it.bound.clone()).collect(),
            triggers: Box::default(),
            body: Box::new(body),
        },
        ty,
        span,
    )
}

/// `lo′ < hi′` for every iteration variable: there is a thread.
fn some_thread(iters: &[Iter], span: Span) -> Expr {
    iters
        .iter()
        .map(|it| {
            Expr::binary(
                BinOp::Lt,
                read_var(&it.lo),
                read_var(&it.hi),
                Type::Bool,
                span,
            )
        })
        .reduce(|a, b| Expr::binary(BinOp::And, a, b, Type::Bool, span))
        .expect("an iteration variable")
}

/// The number of threads when there is one: the product of `hi′ - lo′`.
fn thread_count(iters: &[Iter], span: Span) -> Expr {
    iters
        .iter()
        .map(|it| {
            Expr::binary(
                BinOp::Sub,
                read_var(&it.hi),
                read_var(&it.lo),
                Type::Int,
                span,
            )
        })
        .reduce(|a, b| Expr::binary(BinOp::Mul, a, b, Type::Int, span))
        .expect("an iteration variable")
}

/// A resource no thread id occurs in, held by each of `n` threads: the same
/// resource with `n` times each fraction (`Perm(x, 1\(n+1))` in every thread
/// is `Perm(x, n * 1\(n+1))` in all). A quantified permission would not do:
/// its location would be the same for every thread, which the backends
/// refuse as not injective. None for a resource of another shape.
fn scaled(e: &Expr, n: &Expr) -> Option<Expr> {
    let span = e.span;
    match &e.kind {
        _ if e.ty == Type::Bool => Some(e.clone()),
        // Some positive amount, however many threads hold it.
        ExprKind::Perm(_, p) if matches!(p.kind, ExprKind::Read) => Some(e.clone()),
        ExprKind::Perm(loc, p) => {
            let times = Expr::binary(BinOp::Mul, n.clone(), (**p).clone(), Type::Rational, span);
            Some(Expr::new(
                ExprKind::Perm(loc.clone(), Box::new(times)),
                e.ty.clone(),
                span,
            ))
        }
        ExprKind::Binary(op @ (BinOp::Star | BinOp::And), a, b) => {
            let (a, b) = (scaled(a, n)?, scaled(b, n)?);
            Some(Expr::binary(*op, a, b, e.ty.clone(), span))
        }
        ExprKind::Binary(BinOp::Implies, g, b) => {
            let b = scaled(b, n)?;
            Some(Expr::binary(
                BinOp::Implies,
                (**g).clone(),
                b,
                e.ty.clone(),
                span,
            ))
        }
        ExprKind::Quant {
            q: Quantifier::ForallStar,
            vars,
            triggers,
            body,
        } => Some(Expr::new(
            ExprKind::Quant {
                q: Quantifier::ForallStar,
                vars: vars.clone(),
                triggers: triggers.clone(),
                body: Box::new(scaled(body, n)?),
            },
            e.ty.clone(),
            span,
        )),
        ExprKind::Cond(c, t, f) => {
            let (t, f) = (scaled(t, n)?, scaled(f, n)?);
            Some(Expr::new(
                ExprKind::Cond(c.clone(), Box::new(t), Box::new(f)),
                e.ty.clone(),
                span,
            ))
        }
        _ => None,
    }
}

/// `e` over the threads when only one thread is concerned, without a
/// quantifier: for `tid == c ==> B` (GPU code's `i == 0 ==> Perm(x, 1\2)`),
/// `lo <= c < hi ==> B[tid := c]` (a quantified permission to a location no
/// thread id picks out would not be one the backends take).
fn for_one_thread(iters: &[Iter], e: &Expr) -> Option<Expr> {
    let [it] = iters else { return None };
    let ExprKind::Binary(BinOp::Implies, guard, body) = &e.kind else {
        return None;
    };
    let ExprKind::Binary(BinOp::Eq, a, b) = &guard.kind else {
        return None;
    };
    let is_tid = |x: &Expr| matches!(&x.kind, ExprKind::Local(n) if *n == it.var.name);
    let mentions_tid = |x: &Expr| {
        crate::core::visit::find(
            x,
            &|y| matches!(&y.kind, ExprKind::Local(n) if *n == it.var.name),
        )
        .is_some()
    };
    let c = match (is_tid(a), is_tid(b)) {
        (true, false) if !mentions_tid(b) => b,
        (false, true) if !mentions_tid(a) => a,
        _ => return None,
    };
    let span = e.span;
    let body = crate::core::visit::map_expr((**body).clone(), &mut |x| {
        if is_tid(&x) {
            (**c).clone()
        } else {
            x
        }
    });
    let low = Expr::binary(BinOp::Le, read_var(&it.lo), (**c).clone(), Type::Bool, span);
    let high = Expr::binary(BinOp::Lt, (**c).clone(), read_var(&it.hi), Type::Bool, span);
    let ty = body.ty.clone();
    Some(Expr::binary(
        BinOp::Implies,
        Expr::binary(BinOp::And, low, high, Type::Bool, span),
        body,
        ty,
        span,
    ))
}

/// The parts of `a ** b ** …` (and of `&&`), each quantified on its own:
/// `⊛ tid. (P ** Q)` is `(⊛ tid. P) ** (⊛ tid. Q)`, and a boolean part is
/// then a plain `\forall`, which every encoder takes.
fn conjuncts(e: Expr) -> impl Iterator<Item = Expr> {
    let mut out = Vec::new();
    let mut todo = vec![e];
    while let Some(e) = todo.pop() {
        match e.kind {
            ExprKind::Binary(BinOp::Star | BinOp::And, a, b) => {
                todo.push(*b);
                todo.push(*a);
            }
            kind => out.push(Expr { kind, ..e }),
        }
    }
    out.into_iter()
}

fn conjoin(es: Vec<Expr>, span: Span) -> Option<Expr> {
    es.into_iter().reduce(|a, b| {
        let ty = if a.ty == Type::Bool && b.ty == Type::Bool {
            Type::Bool
        } else {
            Type::Resource
        };
        let op = if ty == Type::Bool {
            BinOp::And
        } else {
            BinOp::Star
        };
        Expr::binary(op, a, b, ty, span)
    })
}

/// `\old(e)` is `e` where the block starts, label `at`.
fn old_at(e: Expr, at: Name) -> Expr {
    crate::core::visit::map_expr(e, &mut |x| match x.kind {
        ExprKind::Old(None, inner) => Expr::new(ExprKind::Old(Some(at), inner), x.ty, x.span),
        kind => Expr { kind, ..x },
    })
}

/// `e` with `\old` at `at` read now: what [`old_at`] made of `\old(x)` in a
/// thread's precondition, which the thread takes in the state where the
/// block starts.
fn now_at(e: Expr, at: Name) -> Expr {
    crate::core::visit::map_expr(e, &mut |x| match x.kind {
        ExprKind::Old(Some(l), inner) if l == at => *inner,
        kind => Expr { kind, ..x },
    })
}

/// [`old_at`] in every expression of a statement of a thread's body.
fn old_in_stmt(s: &mut Stmt, at: Name) {
    crate::core::visit::map_stmt_exprs(s, &mut |e| old_at(e, at));
}

/// One thread of block `k` of par statement `n`, lowered but not yet placed.
struct Thread<'i> {
    n: u32,
    k: usize,
    /// Where the block starts: the thread's `\old`.
    label: Name,
    iters: &'i [Iter],
    requires: Vec<Expr>,
    ensures: Vec<Expr>,
    body: Block,
    span: Span,
}

/// A thread's postcondition, at the end of its body: each clause checked at
/// its place, then all of them given up at once (two clauses may each hold
/// of what only one of them can take).
fn thread_post(body: &mut Block, ensures: Vec<Expr>, span: Span) {
    for e in &ensures {
        body.stmts.push(Stmt {
            kind: StmtKind::Check {
                exhale: false,
                expr: e.clone(),
                code: FailureCode::ParPostFailed(Reason::False),
            },
            span: e.span,
        });
    }
    if let Some(q) = conjoin(ensures, span) {
        body.stmts.push(Stmt {
            kind: StmtKind::Check {
                exhale: true,
                expr: q,
                code: FailureCode::ParPostFailed(Reason::False),
            },
            span,
        });
    }
}

/// What a thread reads of the method: its free locals (with their types,
/// by name so the parameters come in one order) and the labels it reads at
/// that are not its own.
struct Scan {
    free: BTreeMap<Name, Type>,
    labels: HashSet<Name>,
}

impl Scan {
    /// Reads `t` (its body in place: its expressions are only looked at).
    fn of(t: &mut Thread) -> Scan {
        let mut used: BTreeMap<Name, Type> = BTreeMap::new();
        let mut bound: HashSet<Name> = HashSet::new();
        let mut labels = HashSet::new();
        let mut see = |e: &Expr| {
            crate::core::visit::visit_post(e, &mut |x| match &x.kind {
                ExprKind::Local(n) => {
                    used.entry(*n).or_insert_with(|| x.ty.clone());
                }
                ExprKind::Quant { vars, .. } => bound.extend(vars.iter().map(|v| v.name)),
                ExprKind::Let { var, .. } => {
                    bound.insert(var.name);
                }
                ExprKind::Old(Some(l), _) => {
                    labels.insert(*l);
                }
                _ => {}
            })
        };
        for e in t.requires.iter().chain(&t.ensures) {
            see(e);
        }
        for it in t.iters {
            see(&read_var(&it.var));
            see(&read_var(&it.lo));
            see(&read_var(&it.hi));
        }
        let mut declared: HashSet<Name> = HashSet::new();
        let mut own = HashSet::from([t.label]);
        crate::core::visit::each_stmt_mut(&mut t.body, &mut |s| {
            match &s.kind {
                StmtKind::Local(v, _) => {
                    declared.insert(v.name);
                }
                StmtKind::Label(l) => {
                    own.insert(*l);
                }
                _ => {}
            }
            crate::core::visit::map_stmt_exprs(s, &mut |e| {
                see(&e);
                e
            })
        });
        used.retain(|n, _| !bound.contains(n) && !declared.contains(n));
        labels.retain(|l| !own.contains(l));
        Scan { free: used, labels }
    }
}

#[cfg(test)]
mod tests;
