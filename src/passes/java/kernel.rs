//! GPU kernels (the thesis's ch. 8): a kernel is two nested blocks of threads,
//! the work groups and their threads, with a resource invariant at each level.
//!
//! The proof rule, for `ksize` groups of `gsize` threads, thread `(gid, ltid)`
//! having `gtid = gid · gsize + ltid`, a thread contract {P} S {Q}, the kernel
//! invariant K (global memory) and the group invariant G(gid) (local memory):
//!
//! ```text
//!   ∀ gid, ltid.  K, G(gid) ⊢ {P(gid, ltid)} S {Q(gid, ltid)}
//!   ───────────────────────────────────────────────────────────────── (kernel)
//!   {⊛ gid, ltid. P_host}  kernel  {⊛ gid, ltid. Q_host}
//! ```
//!
//! where an atomic operation on local memory holds G(gid) while it runs (with
//! its `then` ghost code), one on global memory holds K; a barrier is the `par`
//! layer's barrier among the threads of one group (`barrier(local)` may
//! redistribute local memory only, `barrier(global)` global memory only), with
//! G(gid) available to its consistency check (no thread of the group is inside
//! an atomic step while all of them wait). P_host and Q_host are the conjuncts
//! of P and Q that name neither local nor the kernel's ghost memory: the host
//! gives and gets those; the rest is made and given out inside the kernel.
//!
//! Lowered on the syntax tree, into the `invariant`, `atomic` and `par`
//! constructs that the atomics and par passes then lower:
//!
//! ```text
//! kernel void f(global int[] a, local int x)     void f(int[] a)  given int ksize, gsize
//!   requires P; ensures Q;                  ~>     requires 0 < ksize && 0 < gsize
//!   (given global / local memory,                  requires a != null && a.length == ksize * gsize
//!    kernel invariant K, group invariant G)        requires ⊛ gid, ltid. P_host;  ensures ⊛ … Q_host;
//! { S }                                          { int[] k = new int[n];             (global ghost memory)
//!                                                  invariant weft_kernel(K) {
//!                                                   par weft_groups(int gid = 0 .. ksize)
//!                                                     requires ⊛ ltid. P_group; ensures ⊛ ltid. Q_group;
//!                                                   { int[] x = new int[1];          (local memory)
//!                                                     invariant weft_group(G) {
//!                                                      par weft_threads(int ltid = 0 .. gsize)
//!                                                        requires P; ensures Q; { S } } } } }
//! ```
//!
//! A scalar of kernel memory (`local int x`, `global int r`, `given local int
//! region = 0`) is a cell: an array of one element, `x` read as `x[0]`. Kernel
//! memory starts at zero (as Java's does) or at its `given` value; the host
//! passes arguments for the other parameters only (as OpenCL's host sets a
//! local argument by its size, not its value). A thread given permission to
//! such a scalar starts knowing its start value (a precondition the group's
//! code, which has just made it, establishes). A global array parameter holds
//! one element per thread, a local one (`local int[] b`) one per thread of
//! the group, made by the group and starting at zero. Removes `kernel` methods, `KernelBarrier` and
//! `KernelAtomic`, and the kernel items of contracts.

use crate::diag::{Diagnostic, ErrorCode};
use crate::name::Name;
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Rewrite};
use std::collections::HashMap;

const THREADS: &str = "weft_threads";
const GROUPS: &str = "weft_groups";
const GROUP_INV: &str = "weft_group";
const KERNEL_INV: &str = "weft_kernel";

pub fn lower(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    for unit in units.iter_mut() {
        for decl in &mut unit.decls {
            let (members, class): (&mut [Member], _) = match decl {
                Decl::Class(c) => (&mut c.members, Some(c.name.span)),
                Decl::Member(m) => (std::slice::from_mut(m), None),
            };
            let mut kernels = false;
            for m in members.iter_mut() {
                match m {
                    Member::Method(m) if m.mods.is_kernel => {
                        kernels = true;
                        if let Err(e) = kernel(m) {
                            errs.extend(e);
                        }
                    }
                    Member::Method(m) => refuse_kernel_parts(m, &mut errs),
                    _ => {}
                }
            }
            if kernels {
                match (class, &mut *decl) {
                    (Some(span), Decl::Class(c)) => c.members.extend(thread_ids(span)),
                    _ => errs.push(Diagnostic::not_supported(
                        decl_span(decl),
                        "a kernel outside a class",
                    )),
                }
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// Kernel items and statements belong to kernels only.
fn refuse_kernel_parts(m: &Method, errs: &mut Vec<Diagnostic>) {
    let outside = |span| {
        Diagnostic::error(
            ErrorCode::Misplaced,
            span,
            "only a `kernel` method has ghost memory, a group or kernel invariant, barriers and atomic operations",
        )
    };
    for k in &m.contract.kernel {
        let span = match k {
            KernelItem::Memory(mem) => mem.span,
            KernelItem::Invariant { span, .. } => *span,
        };
        errs.push(outside(span));
    }
    for p in &m.params {
        if p.scope != MemScope::Plain {
            errs.push(outside(p.span));
        }
    }
}

/// Kernel memory: where it lives, and whether it is a one-element cell.
#[derive(Clone, Copy)]
struct Memory {
    scope: MemScope,
    cell: bool,
}

struct Kernel {
    memory: HashMap<Name, Memory>,
    group_inv: bool,
    kernel_inv: bool,
}

impl Kernel {
    /// The kernel memory `e` names or indexes (`x`, `x[i]`, `a[i].f`).
    fn root(&self, e: &Expr) -> Option<(Name, Memory)> {
        match &e.kind {
            ExprKind::Name(n) => self.memory.get(&n.name).map(|m| (n.name, *m)),
            ExprKind::Index(a, _) | ExprKind::Select(a, _) | ExprKind::AllIndices(a) => {
                self.root(a)
            }
            _ => None,
        }
    }

    fn mentions(&self, e: &Expr, scope: Option<MemScope>) -> bool {
        let mut found = false;
        visit(e, &mut |x| {
            if let ExprKind::Name(n) = &x.kind {
                if let Some(m) = self.memory.get(&n.name) {
                    found |= scope.is_none_or(|s| s == m.scope);
                }
            }
        });
        found
    }
}

/// Calls `f` on every node of `e` (the tree's walk is a mutable one: on a copy).
fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    walk::each_expr_mut(&mut e.clone(), &mut |x| f(x))
}

fn kernel(m: &mut Method) -> Result<(), Vec<Diagnostic>> {
    let span = m.span;
    let err = |span, msg: &str| {
        vec![Diagnostic::error(
            ErrorCode::Misplaced,
            span,
            msg.to_string(),
        )]
    };
    if m.kind != MethodKind::Method || !matches!(m.ret.kind, TypeKind::Void) {
        return Err(err(m.name.span, "a kernel is a method returning void"));
    }
    let Some(body) = m.body.take() else {
        return Err(err(m.name.span, "a kernel has a body"));
    };
    let mut k = Kernel {
        memory: HashMap::new(),
        group_inv: false,
        kernel_inv: false,
    };
    let mut host_params = Vec::new();
    let mut host_arrays = Vec::new();
    let mut global_alloc = Vec::new();
    let mut local_alloc = Vec::new();
    // Scalars of kernel memory and the values they start at.
    let mut cells: Vec<(Name, Expr)> = Vec::new();
    for p in std::mem::take(&mut m.params) {
        let is_array = matches!(p.ty.kind, TypeKind::Array(_));
        match p.scope {
            MemScope::Global if is_array => {
                host_arrays.push(p.name.clone());
                host_params.push(p);
            }
            MemScope::Plain => host_params.push(p),
            scope => {
                let mem = Memory {
                    scope,
                    cell: !is_array,
                };
                k.memory.insert(p.name.name, mem);
                // A local array parameter (the thesis's `local int values`,
                // Listing 52) is the group's memory of one element per thread,
                // as OpenCL's host gives a local argument by its size only.
                let size = is_array.then(|| name("gsize", p.span));
                if !is_array {
                    cells.push((p.name.name, int_lit(0, p.span)));
                }
                let alloc = allocate(&p.name, &p.ty, size, None, p.span);
                match scope {
                    MemScope::Local => local_alloc.extend(alloc),
                    _ => global_alloc.extend(alloc),
                }
            }
        }
    }
    m.params = host_params;
    let mut invariants = (None, None);
    for item in std::mem::take(&mut m.contract.kernel) {
        match item {
            KernelItem::Memory(mem) => {
                let cell = mem.size.is_none();
                if cell {
                    let start = mem.init.clone().unwrap_or_else(|| int_lit(0, mem.span));
                    cells.push((mem.name.name, start));
                }
                // Memory written without a scope is the work group's.
                let scope = match mem.scope {
                    MemScope::Plain => MemScope::Local,
                    s => s,
                };
                k.memory.insert(mem.name.name, Memory { scope, cell });
                let alloc = allocate(&mem.name, &mem.ty, mem.size, mem.init, mem.span);
                // Allocated where it lives: per work group unless `global`
                // (the thesis's Listing 52 writes `given int cont[gsize]`).
                match scope {
                    MemScope::Local => local_alloc.extend(alloc),
                    _ => global_alloc.extend(alloc),
                }
            }
            KernelItem::Invariant {
                global: false, inv, ..
            } => invariants.0 = Some(inv),
            KernelItem::Invariant {
                global: true, inv, ..
            } => invariants.1 = Some(inv),
        }
    }
    k.group_inv = invariants.0.is_some();
    k.kernel_inv = invariants.1.is_some();

    // The thread contract, in the threads' own terms.
    let mut sub = Substitute { k: &k };
    let mut thread_contract = Contract {
        clauses: starting_values(std::mem::take(&mut m.contract.clauses), &cells),
        ..Contract::default()
    };
    walk::contract(&mut sub, &mut thread_contract);
    let mut body = body;
    let mut errs = Vec::new();
    lower_stmts(&k, &mut body, &mut errs);
    walk::block(&mut sub, &mut body);
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut group_inv = invariants.0;
    let mut kernel_inv = invariants.1;
    for inv in group_inv.iter_mut().chain(kernel_inv.iter_mut()) {
        walk::expr(&mut sub, inv);
    }

    // Who gives what: the host what names no kernel memory, the group what
    // names no local memory.
    let mut host = Contract::default();
    let mut group = Contract::default();
    for c in &thread_contract.clauses {
        if !matches!(
            c.kind,
            ClauseKind::Requires | ClauseKind::Ensures | ClauseKind::Context
        ) {
            errs.push(Diagnostic::not_supported(c.span, "this clause on a kernel"));
            continue;
        }
        for part in c.expr.conjuncts() {
            if !k.mentions(part, Some(MemScope::Local)) {
                let over = over_ltid(part.clone(), c.span);
                group.clauses.push(Clause {
                    kind: c.kind,
                    expr: over,
                    span: c.span,
                });
                if !k.mentions(part, None) {
                    let over = over_all(part.clone(), c.span);
                    host.clauses.push(Clause {
                        kind: c.kind,
                        expr: over,
                        span: c.span,
                    });
                }
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }

    // The threads of one group, inside the group invariant.
    let threads = par(
        THREADS,
        "ltid",
        name("gsize", span),
        thread_contract,
        body,
        span,
    );
    let mut group_body = local_alloc;
    group_body.push(within(GROUP_INV, group_inv, threads, span));
    let groups = par(
        GROUPS,
        "gid",
        name("ksize", span),
        group,
        Block {
            stmts: group_body,
            span,
        },
        span,
    );
    let mut stmts = global_alloc;
    stmts.push(within(KERNEL_INV, kernel_inv, groups, span));

    // The host's view: sizes given at the launch, one element per thread.
    let int = Type {
        kind: TypeKind::Int,
        span,
    };
    for size in ["ksize", "gsize"] {
        m.contract.given.push(Param {
            ty: int.clone(),
            name: Ident::at(size, span),
            span,
            scope: MemScope::Plain,
        });
    }
    let positive = |n| bin(BinOp::Lt, int_lit(0, span), name(n, span), span);
    let mut pres = vec![bin(BinOp::And, positive("ksize"), positive("gsize"), span)];
    for a in &host_arrays {
        let a = Expr {
            kind: ExprKind::Name(a.clone()),
            span: a.span,
        };
        let nonnull = bin(
            BinOp::Ne,
            a.clone(),
            Expr {
                kind: ExprKind::Null,
                span,
            },
            span,
        );
        let threads = bin(BinOp::Mul, name("ksize", span), name("gsize", span), span);
        let len = Expr {
            kind: ExprKind::Select(Box::new(a), Ident::at("length", span)),
            span,
        };
        pres.push(bin(
            BinOp::And,
            nonnull,
            bin(BinOp::Eq, len, threads, span),
            span,
        ));
    }
    let mut clauses: Vec<Clause> = pres
        .into_iter()
        .map(|expr| Clause {
            kind: ClauseKind::Requires,
            expr,
            span,
        })
        .collect();
    clauses.extend(host.clauses);
    m.contract.clauses = clauses;
    m.mods.is_kernel = false;
    m.body = Some(Block { stmts, span });
    Ok(())
}

/// The threads start when the kernel memory is made: a thread that is given
/// permission to a scalar of it (`requires Perm(region, p)`, unconditionally)
/// also starts knowing its value (`region == 0`), as the thesis's listings
/// take for granted. It is a precondition like the others, established by
/// the groups' code that has just made the memory.
fn starting_values(clauses: Vec<Clause>, cells: &[(Name, Expr)]) -> Vec<Clause> {
    let mut out = Vec::with_capacity(clauses.len());
    for c in clauses {
        let mut known = Vec::new();
        if c.kind == ClauseKind::Requires || c.kind == ClauseKind::Context {
            for part in c.expr.conjuncts() {
                let ExprKind::Perm(loc, _) = &part.kind else {
                    continue;
                };
                let ExprKind::Name(x) = &loc.kind else {
                    continue;
                };
                if let Some((_, start)) = cells.iter().find(|(n, _)| *n == x.name) {
                    known.push(bin(BinOp::Eq, (**loc).clone(), start.clone(), c.span));
                }
            }
        }
        let span = c.span;
        out.push(c);
        out.extend(known.into_iter().map(|expr| Clause {
            kind: ClauseKind::Requires,
            expr,
            span,
        }));
    }
    out
}

/// `int[] x = new int[size];` (a cell when no size), then its initial value.
fn allocate(x: &Ident, ty: &Type, size: Option<Expr>, init: Option<Expr>, span: Span) -> Vec<Stmt> {
    let elem = match &ty.kind {
        TypeKind::Array(t) => (**t).clone(),
        _ => ty.clone(),
    };
    let n = size.clone().unwrap_or_else(|| int_lit(1, span));
    let arr = Type {
        kind: TypeKind::Array(Box::new(elem.clone())),
        span,
    };
    let new = Expr {
        kind: ExprKind::NewArray(Box::new(elem), vec![n]),
        span,
    };
    let mut out = vec![Stmt {
        kind: StmtKind::Local {
            ty: arr,
            name: x.clone(),
            init: Some(new),
        },
        span,
    }];
    if let (None, Some(v)) = (size, init) {
        let target = Expr {
            kind: ExprKind::Index(Box::new(name_of(x)), Box::new(int_lit(0, span))),
            span,
        };
        out.push(Stmt {
            kind: StmtKind::Assign { target, value: v },
            span,
        });
    }
    out
}

/// `invariant name(inv) { s }`, or `s` alone without an invariant.
fn within(inv_name: &str, inv: Option<Expr>, s: Stmt, span: Span) -> Stmt {
    match inv {
        Some(inv) => Stmt {
            kind: StmtKind::Invariant {
                name: Ident::at(inv_name, span),
                inv,
                body: Block {
                    stmts: vec![s],
                    span,
                },
            },
            span,
        },
        None => s,
    }
}

fn par(block: &str, var: &str, hi: Expr, contract: Contract, body: Block, span: Span) -> Stmt {
    let iter = ParIter {
        ty: Type {
            kind: TypeKind::Int,
            span,
        },
        name: Ident::at(var, span),
        lo: int_lit(0, span),
        hi,
    };
    Stmt {
        kind: StmtKind::Par(vec![ParThread {
            name: Some(Ident::at(block, span)),
            iters: vec![iter],
            contract,
            body,
            apart: true,
            span,
        }]),
        span,
    }
}

/// Barriers and atomic operations of a kernel body, in place.
fn lower_stmts(k: &Kernel, b: &mut Block, errs: &mut Vec<Diagnostic>) {
    for s in &mut b.stmts {
        let span = s.span;
        match &mut s.kind {
            StmtKind::KernelBarrier {
                global,
                contract,
                body,
            } => {
                let scope = if *global {
                    MemScope::Global
                } else {
                    MemScope::Local
                };
                check_barrier_memory(k, contract, scope, errs);
                s.kind = StmtKind::Barrier {
                    name: Ident::at(THREADS, span),
                    invariants: if k.group_inv {
                        vec![Ident::at(GROUP_INV, span)]
                    } else {
                        vec![]
                    },
                    contract: std::mem::take(contract),
                    hint: body.take(),
                };
            }
            StmtKind::KernelAtomic { op, args, then } => {
                match atomic(k, op, args, then.take(), span) {
                    Ok(kind) => s.kind = kind,
                    Err(e) => errs.push(e),
                }
            }
            _ => {}
        }
        walk::child_blocks_mut(s, &mut |b| lower_stmts(k, b, errs));
    }
}

/// A local barrier moves local memory only, a global one global memory only:
/// what another group can see is not redistributed by this group's barrier.
fn check_barrier_memory(k: &Kernel, c: &Contract, scope: MemScope, errs: &mut Vec<Diagnostic>) {
    for clause in &c.clauses {
        visit(&clause.expr, &mut |x| {
            let loc = match &x.kind {
                ExprKind::Perm(l, _) | ExprKind::PointsTo(l, _, _) | ExprKind::Value(l) => l,
                _ => return,
            };
            let ok = match k.root(loc) {
                Some((_, m)) => m.scope == scope,
                // Host arrays are global memory.
                None => scope == MemScope::Global,
            };
            if !ok {
                let (kind, other) = match scope {
                    MemScope::Local => ("local", "global"),
                    _ => ("global", "local"),
                };
                errs.push(Diagnostic::error(
                    ErrorCode::Misplaced,
                    loc.span,
                    format!(
                        "a {kind} barrier redistributes {kind} memory only: this is {other} memory"
                    ),
                ));
            }
        });
    }
}

/// `atomic_add(x, v) then { g }` ~> `atomic(inv) { x = x + v; g }`, where
/// `inv` is the invariant of the memory `x` lives in.
fn atomic(
    k: &Kernel,
    op: &Ident,
    args: &[Expr],
    then: Option<Block>,
    span: Span,
) -> Result<StmtKind, Diagnostic> {
    let arity = match &*op.name {
        "atomic_inc" | "atomic_dec" => 1,
        "atomic_cmpxchg" => 3,
        _ => 2,
    };
    if args.len() != arity {
        return Err(Diagnostic::error(
            ErrorCode::Arity,
            span,
            format!("{} takes {arity} arguments, not {}", op.name, args.len()),
        ));
    }
    let target = args[0].clone();
    let Some((_, mem)) = k.root(&target) else {
        return Err(Diagnostic::error(
            ErrorCode::Misplaced,
            target.span,
            "an atomic operation works on kernel memory (a `local` or `global` parameter or ghost memory)",
        ));
    };
    let (inv, has) = match mem.scope {
        MemScope::Local => (GROUP_INV, k.group_inv),
        _ => (KERNEL_INV, k.kernel_inv),
    };
    if !has {
        let which = if mem.scope == MemScope::Local {
            "group"
        } else {
            "kernel"
        };
        return Err(Diagnostic::error(
            ErrorCode::Misplaced,
            span,
            format!("an atomic operation on {which} memory needs a `{which} invariant` for it"),
        ));
    }
    let assign = |value| Stmt {
        kind: StmtKind::Assign {
            target: target.clone(),
            value,
        },
        span,
    };
    let t = || target.clone();
    let arg = |i: usize| args[i].clone();
    let step = match &*op.name {
        "atomic_add" => assign(bin(BinOp::Add, t(), arg(1), span)),
        "atomic_sub" => assign(bin(BinOp::Sub, t(), arg(1), span)),
        "atomic_inc" => assign(bin(BinOp::Add, t(), int_lit(1, span), span)),
        "atomic_dec" => assign(bin(BinOp::Sub, t(), int_lit(1, span), span)),
        "atomic_xchg" => assign(arg(1)),
        "atomic_min" | "atomic_max" => {
            let op = if &*op.name == "atomic_min" {
                BinOp::Lt
            } else {
                BinOp::Gt
            };
            let pick = Expr {
                kind: ExprKind::Cond(
                    Box::new(bin(op, arg(1), t(), span)),
                    Box::new(arg(1)),
                    Box::new(t()),
                ),
                span,
            };
            assign(pick)
        }
        _ => Stmt {
            kind: StmtKind::If {
                cond: bin(BinOp::Eq, t(), arg(1), span),
                then: Block {
                    stmts: vec![assign(arg(2))],
                    span,
                },
                els: None,
            },
            span,
        },
    };
    let mut stmts = vec![step];
    if let Some(g) = then {
        stmts.push(Stmt {
            kind: StmtKind::Block(g),
            span,
        });
    }
    Ok(StmtKind::Atomic {
        names: vec![Ident::at(inv, span)],
        body: Block { stmts, span },
    })
}

/// `gtid` as `gid * gsize + ltid`, and a memory cell `x` as `x[0]`.
struct Substitute<'a> {
    k: &'a Kernel,
}

impl Rewrite for Substitute<'_> {
    fn expr(&mut self, e: &mut Expr) {
        let ExprKind::Name(n) = &e.kind else { return };
        let span = e.span;
        if &*n.name == "gtid" {
            let args = ["gid", "ltid", "gsize", "ksize"].map(|a| name(a, span));
            *e = call(GTID, args.into(), span);
        } else if self.k.memory.get(&n.name).is_some_and(|m| m.cell) {
            let cell = e.clone();
            *e = Expr {
                kind: ExprKind::Index(Box::new(cell), Box::new(int_lit(0, span))),
                span,
            };
        }
    }
}

fn mentions_name(e: &Expr, n: &str) -> bool {
    let mut found = false;
    visit(e, &mut |x| {
        found |= matches!(&x.kind, ExprKind::Name(m) if &*m.name == n)
    });
    found
}

fn is_resource(e: &Expr) -> bool {
    let mut found = false;
    visit(e, &mut |x| {
        found |= matches!(
            x.kind,
            ExprKind::Perm(..) | ExprKind::PointsTo(..) | ExprKind::Value(_) | ExprKind::Call(_)
        )
    });
    found
}

/// `c` for every thread of a group: `ltid == e ==> B` for the one thread it
/// names, a fact without `ltid` as it is, else a quantifier over `ltid`.
fn over_ltid(c: Expr, span: Span) -> Expr {
    quantify(c, &[("ltid", "gsize")], span)
}

/// `c` for every thread of the kernel (over `gid` and `ltid`).
fn over_all(c: Expr, span: Span) -> Expr {
    quantify(c, &[("gid", "ksize"), ("ltid", "gsize")], span)
}

fn quantify(c: Expr, vars: &[(&str, &str)], span: Span) -> Expr {
    let mut c = c;
    let mut vars: Vec<(&str, &str)> = vars.to_vec();
    // `ltid == e ==> B`: one thread per group.
    if let ExprKind::Binary(BinOp::Implies, guard, b) = &c.kind {
        if let ExprKind::Binary(BinOp::Eq, l, r) = &guard.kind {
            if matches!(&l.kind, ExprKind::Name(n) if &*n.name == "ltid")
                && !mentions_name(r, "ltid")
            {
                let at = (**r).clone();
                let in_range = bin(
                    BinOp::And,
                    bin(BinOp::Le, int_lit(0, span), at.clone(), span),
                    bin(BinOp::Lt, at.clone(), name("gsize", span), span),
                    span,
                );
                let mut body = (**b).clone();
                walk::expr(
                    &mut Replace {
                        var: "ltid",
                        by: at,
                    },
                    &mut body,
                );
                c = bin(BinOp::Implies, in_range, body, span);
                vars.retain(|(v, _)| *v != "ltid");
            }
        }
    }
    vars.retain(|(v, _)| mentions_name(&c, v));
    if vars.is_empty() {
        return c;
    }
    let range = vars
        .iter()
        .map(|(v, n)| {
            bin(
                BinOp::And,
                bin(BinOp::Le, int_lit(0, span), name(v, span), span),
                bin(BinOp::Lt, name(v, span), name(n, span), span),
                span,
            )
        })
        .reduce(|a, b| bin(BinOp::And, a, b, span))
        .expect("a variable");
    let q = if is_resource(&c) {
        Quantifier::ForallStar
    } else {
        Quantifier::Forall
    };
    Expr {
        kind: ExprKind::Quant(Box::new(Quant {
            q,
            binders: vars
                .iter()
                .map(|(v, _)| Binder {
                    ty: Type {
                        kind: TypeKind::Int,
                        span,
                    },
                    name: Ident::at(v, span),
                })
                .collect(),
            ranges: Vec::new(),
            cond: Some(Box::new(range)),
            body: Box::new(c),
        })),
        span,
    }
}

struct Replace<'a> {
    var: &'a str,
    by: Expr,
}

impl Rewrite for Replace<'_> {
    fn expr(&mut self, e: &mut Expr) {
        if matches!(&e.kind, ExprKind::Name(n) if &*n.name == self.var) {
            *e = self.by.clone();
        }
    }
}

const GTID: &str = "weft_gtid";
const GROUP_OF: &str = "weft_group_of";
const THREAD_OF: &str = "weft_thread_of";

/// `gtid` is `weft_gtid(gid, ltid, gsize, ksize)`, a function that states what
/// the solver cannot find by itself (it does not multiply unknowns): that
/// `gid · gsize + ltid` lies in `[0, ksize · gsize)` and determines `gid` and
/// `ltid` (so a permission per `gtid` is one per thread). Each is true of
/// `gid · gsize + ltid` for `0 ≤ gid < ksize`, `0 ≤ ltid < gsize`; the
/// inverses `weft_group_of` and `weft_thread_of` are `t / gsize` and `t % gsize`
/// there.
fn thread_ids(span: Span) -> Vec<Member> {
    let int = || Type {
        kind: TypeKind::Int,
        span,
    };
    let param = |n: &str| Param {
        ty: int(),
        name: Ident::at(n, span),
        span,
        scope: MemScope::Plain,
    };
    let clause = |kind, expr| Clause { kind, expr, span };
    let in_range = |v: &str, n: &str| {
        bin(
            BinOp::And,
            bin(BinOp::Le, int_lit(0, span), name(v, span), span),
            bin(BinOp::Lt, name(v, span), name(n, span), span),
            span,
        )
    };
    let result = || Expr {
        kind: ExprKind::Result,
        span,
    };
    let eq = |a, b| bin(BinOp::Eq, a, b, span);
    let value = bin(
        BinOp::Add,
        bin(BinOp::Mul, name("g", span), name("n", span), span),
        name("l", span),
        span,
    );
    let total = bin(BinOp::Mul, name("k", span), name("n", span), span);
    let inverse = |f: &str| call(f, vec![result(), name("n", span)], span);
    let function = |fname: &str, params: Vec<Param>, clauses: Vec<Clause>| {
        Member::Function(Function {
            derived: None,
            type_params: Vec::new(),
            mods: Modifiers {
                is_pure: true,
                is_static: true,
                is_ghost: true,
                ..Modifiers::default()
            },
            contract: Contract {
                clauses,
                ..Contract::default()
            },
            ret: int(),
            name: Ident::at(fname, span),
            params,
            body: None,
            span,
        })
    };
    vec![
        function(
            GTID,
            ["g", "l", "n", "k"].map(param).into(),
            vec![
                clause(
                    ClauseKind::Requires,
                    bin(BinOp::And, in_range("g", "k"), in_range("l", "n"), span),
                ),
                clause(ClauseKind::Ensures, eq(result(), value)),
                clause(ClauseKind::Ensures, in_range_of(result(), total, span)),
                clause(ClauseKind::Ensures, eq(inverse(GROUP_OF), name("g", span))),
                clause(ClauseKind::Ensures, eq(inverse(THREAD_OF), name("l", span))),
            ],
        ),
        function(GROUP_OF, ["t", "n"].map(param).into(), Vec::new()),
        function(THREAD_OF, ["t", "n"].map(param).into(), Vec::new()),
    ]
}

fn in_range_of(x: Expr, hi: Expr, span: Span) -> Expr {
    bin(
        BinOp::And,
        bin(BinOp::Le, int_lit(0, span), x.clone(), span),
        bin(BinOp::Lt, x, hi, span),
        span,
    )
}

fn call(f: &str, args: Vec<Expr>, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Call(Box::new(Call {
            recv: None,
            name: Ident::at(f, span),
            args,
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        })),
        span,
    }
}

fn decl_span(d: &Decl) -> Span {
    match d {
        Decl::Class(c) => c.name.span,
        Decl::Member(Member::Method(m)) => m.span,
        Decl::Member(Member::Function(f)) => f.span,
        Decl::Member(Member::Predicate(p)) => p.span,
        Decl::Member(Member::Field(f)) => f.name.span,
        Decl::Member(Member::RelyGuarantee(r)) => r.span(),
    }
}

fn name(n: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Name(Ident::at(n, span)),
        span,
    }
}

fn name_of(x: &Ident) -> Expr {
    Expr {
        kind: ExprKind::Name(x.clone()),
        span: x.span,
    }
}

fn int_lit(v: i128, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(v.into()),
        span,
    }
}

fn bin(op: BinOp, a: Expr, b: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        span,
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{at, tree_after, Java};

    /// The tree after the kernel step, its white space collapsed.
    fn lowered(text: &str) -> String {
        let out = tree_after(Java, text, Some("kernel")).expect("lowers");
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn a_kernel_is_a_par_block_of_groups_around_a_par_block_of_threads() {
        let out = lowered(
            "class K {
  /*@ requires Perm(c[gtid], 1);
      ensures Perm(c[gtid], 1) ** c[gtid] == 2; @*/
  kernel void two(global int[] c) { c[gtid] = 2; }
}",
        );
        let gtid = "weft_gtid(gid, ltid, gsize, ksize)";
        // The host gives every thread's precondition, over both ids.
        assert!(
            out.contains(&format!(
                "requires 0 < ksize && 0 < gsize; requires c != null && c.length == ksize * gsize; \
                 requires (\\forall* int gid, int ltid; 0 <= gid && gid < ksize && (0 <= ltid && ltid < gsize); Perm(c[{gtid}], 1));"
            )),
            "{out}"
        );
        assert!(
            out.contains("given int ksize; given int gsize; void two("),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "par weft_groups (int gid = 0 .. ksize) requires (\\forall* int ltid; 0 <= ltid && ltid < gsize; Perm(c[{gtid}], 1));"
            )),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "{{ par weft_threads (int ltid = 0 .. gsize) requires Perm(c[{gtid}], 1); \
                 ensures Perm(c[{gtid}], 1) ** c[{gtid}] == 2; {{ c[{gtid}] = 2; }} }}"
            )),
            "{out}"
        );
        assert!(!out.contains("kernel"), "{out}");
    }

    #[test]
    fn an_atomic_operation_on_local_memory_holds_the_group_invariant() {
        let out = lowered(
            "class G {
  /*@ group invariant Perm(x, 1) ** 0 <= x;
      requires Perm(v[gtid], 1\\2) ** 0 <= v[gtid];
      ensures Perm(v[gtid], 1\\2); @*/
  kernel void count(local int x, global int[] v) { atomic_add(x, v[gtid]); }
}",
        );
        // Local memory is made per group, as a cell, inside the group's par
        // block, and the group invariant is an invariant block around the threads.
        assert!(out.contains("int[] x = new int[1];"), "{out}");
        assert!(out.contains("invariant weft_group("), "{out}");
        assert!(out.contains("atomic(weft_group)"), "{out}");
        let group = out.find("invariant weft_group(").unwrap();
        let threads = out.find("par weft_threads").unwrap();
        let atomic = out.find("atomic(weft_group)").unwrap();
        assert!(group < threads && threads < atomic, "{out}");
    }

    #[test]
    fn a_kernel_returns_void() {
        let text = "class K { kernel int f() { return 0; } }";
        let errs = tree_after(Java, text, Some("kernel")).expect_err("refused");
        assert_eq!(at(text, &errs[0]), ("typeError:misplaced".into(), "f"));
    }
}
