//! Java atomics with a class resource invariant (the thesis's ch. 7, §7.1): a class
//! declares `resource csl_invariant() = R;`, its constructors establish R, and the
//! `get`/`set`/`compareAndSet` calls on its atomic cells are atomic steps holding R.
//!
//! The proof rule \[ATOMIC\], as the thesis states it (o the object whose invariant the
//! step holds; here always `this`, the object whose method makes the call):
//!
//! ```text
//!   {o.csl_invariant() ∗ P}  S  {o.csl_invariant() ∗ Q}
//!   ─────────────────────────────────────────────────── [ATOMIC]
//!   {P}  atomic(o) { S }  {Q}
//! ```
//!
//! encoded as `inhale o.csl_invariant(); S; exhale o.csl_invariant()`. R is "an
//! implicit postcondition of all constructors": established at the constructor's end,
//! and from then on held by no thread but the atomic step running.
//!
//! Which model a call follows: an *atomic cell class* is a class of the program (not
//! of the specification library) whose name begins with `Atomic`, whose only field is
//! `val` (the embedded field of the thesis's AtomicNode) and which declares none of
//! `get`, `set`, `compareAndSet`: those three are its atomic operations. The library's
//! `AtomicInteger` (the ch. 5 protocol model) has no such field and is left alone.
//!
//! Lowered on the syntax tree into the `invariant`/`atomic` blocks that
//! `crate::passes::atomics` lowers (so R′, its checks and their codes are that
//! pass's), with `T` the type of the cell's `val`:
//!
//! ```text
//! res = var.compareAndSet(x, v)              A weft_obj = var; T weft_x = x; T weft_v = v;
//!   /*@ with { G1 } then { G2 } @*/;    ~>   atomic(weft_csl) {                 (notMaintained:R at the call)
//!                                              G1;
//!                                              if (weft_obj.val == weft_x) { weft_obj.val = weft_v; res = true; }
//!                                              else { res = false; }
//!                                              G2; }
//! res = var.get() …                     ~>   A weft_obj = var; atomic(weft_csl) { G1; res = weft_obj.val; G2; }
//! var.set(v) …                          ~>   A weft_obj = var; T weft_v = v; atomic(weft_csl) { G1; weft_obj.val = weft_v; G2; }
//!
//! method body B with steps              ~>   inhale R; invariant weft_csl(R) { B } exhale R;
//! constructor body B                    ~>   B; invariant weft_csl(R) { } exhale R;   (notEstablished:R at the constructor)
//! ```
//!
//! where R is `this.csl_invariant()`, made inline so that its checks are R's body. The
//! method's `inhale R` and the invariant block's `exhale R` cancel, as do the block's
//! closing `inhale R′` and the final `exhale R` (an early `return` skips both): what is
//! left is \[ATOMIC\] at each step. In a constructor the block's `exhale R` is the
//! establishment; the `inhale R′; exhale R` after it cancel. The result `res` is
//! assigned inside the step when it is a local (so G2 sees it), else through a fresh
//! local after it (a field or array element is written by a step of its own in Java).
//!
//! Removes the atomic operations of atomic cell classes and makes `csl_invariant` inline.
//!
//! Why it is sound: R is given up once, at the end of the constructor, before anyone
//! but the constructor can reach the object (the constructor may not let `this`
//! escape, call its own methods, return early, or make atomic steps), so every later
//! `inhale R` takes what the constructor gave. Each step gives R back (its exhale is
//! checked), and no step runs inside another: an atomic operation may not stand in
//! ghost code, and the ghost code of a step may not call a method that makes one
//! (directly or through the methods it calls, compared by name: conservative; the
//! operands of an action statement, `action h, p, P, h.get(x);`, are history terms,
//! not calls, so a queue's `get` action may stand in the step of the queue's `get`). A step
//! is atomic in Java only for the cell's own operation: the arguments are evaluated
//! before it, a result that is not a local is written after it.

use crate::diag::{Diagnostic, ErrorCode};
use crate::name::Name;
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Rewrite};
use std::collections::{HashMap, HashSet};

/// The resource invariant's name (VerCors's).
pub const CSL_INVARIANT: &str = "csl_invariant";
/// The invariant block that scopes R in a method body or a constructor.
const BLOCK: &str = "weft_csl";
const OPS: [&str; 3] = ["get", "set", "compareAndSet"];

pub fn lower(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let mut fields: HashMap<Name, HashMap<Name, Type>> = HashMap::new();
    let mut cells: HashMap<Name, Type> = HashMap::new();
    for unit in units.iter() {
        for decl in &unit.decls {
            let Decl::Class(c) = decl else { continue };
            let own: HashMap<Name, Type> = c
                .members
                .iter()
                .filter_map(|m| match m {
                    Member::Field(f) => Some((f.name.name, f.ty.clone())),
                    _ => None,
                })
                .collect();
            if !unit.library && is_cell(c) {
                cells.insert(c.name.name, own[&Name::from("val")].clone());
            }
            fields.insert(c.name.name, own);
        }
    }
    let mut errs = Vec::new();
    // Methods making atomic steps, and the methods each method calls (by name).
    let mut stepping: HashSet<Name> = HashSet::new();
    let mut calls: Vec<(Name, HashSet<Name>)> = Vec::new();
    let mut ghost_calls: Vec<(Name, Span)> = Vec::new();
    for unit in units.iter_mut() {
        if unit.library {
            continue;
        }
        for decl in &mut unit.decls {
            let Decl::Class(c) = decl else { continue };
            let inv = invariant(c, &mut errs);
            let class = c.name.name;
            let methods: HashSet<Name> = c
                .members
                .iter()
                .filter_map(|m| match m {
                    Member::Method(m) if m.kind == MethodKind::Method && !m.mods.is_static => {
                        Some(m.name.name)
                    }
                    _ => None,
                })
                .collect();
            let mut ctors = 0;
            for m in &mut c.members {
                let Member::Method(m) = m else { continue };
                let Some(body) = &mut m.body else {
                    if inv && m.kind == MethodKind::Constructor {
                        errs.push(Diagnostic::not_supported(
                            m.name.span,
                            "a constructor without a body in a class with a csl_invariant (the body establishes it)",
                        ));
                    }
                    continue;
                };
                let mut w = Walker {
                    fields: &fields,
                    cells: &cells,
                    class,
                    scope: m
                        .params
                        .iter()
                        .map(|p| (p.name.name, p.ty.class_name()))
                        .collect(),
                    steps: Vec::new(),
                    ghost: 0,
                    fresh: 0,
                    ghost_calls: Vec::new(),
                    errs: Vec::new(),
                };
                w.block(body);
                errs.append(&mut w.errs);
                ghost_calls.append(&mut w.ghost_calls);
                let span = m.name.span;
                match (inv, m.kind, m.mods.is_static) {
                    (true, MethodKind::Constructor, _) => {
                        ctors += 1;
                        if let Some(&at) = w.steps.first() {
                            errs.push(Diagnostic::not_supported(
                                at,
                                "an atomic operation in the constructor of a class with a csl_invariant (the invariant is established at the constructor's end)",
                            ));
                        }
                        escapes(&methods, body, &mut errs);
                        establish(body, span);
                    }
                    (true, MethodKind::Method, false) if !w.steps.is_empty() => {
                        stepping.insert(m.name.name);
                        scope(body, span);
                    }
                    _ => {
                        if let Some(&at) = w.steps.first() {
                            errs.push(Diagnostic::not_supported(
                                at,
                                "an atomic operation outside the methods of a class that declares `resource csl_invariant()`",
                            ));
                        }
                    }
                }
                calls.push((m.name.name, called(body)));
            }
            if inv && ctors == 0 {
                let span = c.name.span;
                let mut body = Block {
                    stmts: Vec::new(),
                    span,
                };
                establish(&mut body, span);
                c.members
                    .push(Member::Method(Method::synthesized_constructor(
                        c.name.clone(),
                        Vec::new(),
                        Vec::new(),
                        body.stmts,
                        span,
                    )));
            }
        }
    }
    // The methods that make a step, directly or through a call.
    loop {
        let before = stepping.len();
        for (m, callees) in &calls {
            if callees.iter().any(|c| stepping.contains(c)) {
                stepping.insert(*m);
            }
        }
        if stepping.len() == before {
            break;
        }
    }
    for (callee, span) in ghost_calls {
        if stepping.contains(&callee) {
            errs.push(Diagnostic::not_supported(
                span,
                format!("a call of {callee}, which makes atomic steps, in the ghost code of an atomic step (a step inside a step)"),
            ));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// An atomic cell class (see the module comment).
fn is_cell(c: &Class) -> bool {
    let mut fields = c.members.iter().filter_map(|m| match m {
        Member::Field(f) => Some(&*f.name.name),
        _ => None,
    });
    let declares_op = c.members.iter().any(|m| match m {
        Member::Method(m) => OPS.contains(&&*m.name.name),
        Member::Function(f) => OPS.contains(&&*f.name.name),
        _ => false,
    });
    c.name.name.starts_with("Atomic")
        && !c.is_interface
        && fields.next() == Some("val")
        && fields.next().is_none()
        && !declares_op
}

/// Whether `c` declares its resource invariant; made inline here (its checks are its
/// body's), after refusing the forms the rule does not cover.
fn invariant(c: &mut Class, errs: &mut Vec<Diagnostic>) -> bool {
    let mut found = false;
    for m in &mut c.members {
        let Member::Predicate(p) = m else { continue };
        if &*p.name.name != CSL_INVARIANT {
            continue;
        }
        let misplaced = |msg: &str| Diagnostic::error(ErrorCode::Misplaced, p.name.span, msg);
        if !p.params.is_empty() {
            errs.push(misplaced(
                "csl_invariant is the object's invariant: it has no parameters",
            ));
        } else if p.mods.is_thread_local || p.mods.is_static {
            errs.push(misplaced(
                "csl_invariant is shared by every thread: it is neither thread_local nor static",
            ));
        } else if p.body.is_none() {
            errs.push(misplaced(
                "csl_invariant needs a body: the invariant the constructors establish",
            ));
        } else {
            p.mods.is_inline = true;
            found = true;
        }
    }
    found
}

/// `this.csl_invariant()`.
fn resource(span: Span) -> Expr {
    expr(
        ExprKind::Call(Box::new(Call {
            recv: Some(Box::new(expr(ExprKind::This, span))),
            name: Ident::at(CSL_INVARIANT, span),
            args: Vec::new(),
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        })),
        span,
    )
}

/// `B` ~> `B; invariant weft_csl(R) { } exhale R;`: the block's entry is the
/// establishment (`notEstablished:R`, at the constructor's name).
fn establish(body: &mut Block, span: Span) {
    body.stmts.push(invariant_block(Vec::new(), span));
    body.stmts
        .push(stmt(StmtKind::Exhale(resource(span)), span));
}

/// `B` ~> `inhale R; invariant weft_csl(R) { B } exhale R;`: R in scope of the steps.
fn scope(body: &mut Block, span: Span) {
    let stmts = std::mem::take(&mut body.stmts);
    body.stmts = vec![
        stmt(StmtKind::Inhale(resource(span)), span),
        invariant_block(stmts, span),
        stmt(StmtKind::Exhale(resource(span)), span),
    ];
}

fn invariant_block(stmts: Vec<Stmt>, span: Span) -> Stmt {
    stmt(
        StmtKind::Invariant {
            name: Ident::at(BLOCK, span),
            inv: resource(span),
            body: Block { stmts, span },
        },
        span,
    )
}

/// What a constructor may not do before R is established: let `this` escape (as a
/// value, or as the receiver of a method of its own), or return early.
fn escapes(methods: &HashSet<Name>, body: &mut Block, errs: &mut Vec<Diagnostic>) {
    struct Escapes<'a> {
        methods: &'a HashSet<Name>,
        errs: Vec<Diagnostic>,
    }
    impl Rewrite for Escapes<'_> {
        fn expr(&mut self, e: &mut Expr) {
            let own_call = |c: &Call| {
                self.methods.contains(&c.name.name)
                    && c.recv
                        .as_ref()
                        .is_none_or(|r| matches!(r.kind, ExprKind::This))
            };
            match &e.kind {
                ExprKind::Call(c) if own_call(c) => self.errs.push(Diagnostic::not_supported(
                    e.span,
                    format!(
                        "a call of {} in the constructor of a class with a csl_invariant (the invariant is not established yet)",
                        c.name.name
                    ),
                )),
                _ => {}
            }
            // `this` as a value: anywhere but as the receiver of a selection or call
            // (the first child of either).
            let skip = match &e.kind {
                ExprKind::Select(..) => 1,
                ExprKind::Call(c) => usize::from(c.recv.is_some()),
                _ => 0,
            };
            let values: Vec<Span> = walk::children_mut(e)
                .into_iter()
                .skip(skip)
                .filter(|x| matches!(x.kind, ExprKind::This))
                .map(|x| x.span)
                .collect();
            for span in values {
                self.errs.push(Diagnostic::not_supported(
                    span,
                    "`this` as a value in the constructor of a class with a csl_invariant (the invariant is not established yet)",
                ));
            }
        }
    }
    let mut w = Escapes {
        methods,
        errs: Vec::new(),
    };
    walk::block(&mut w, body);
    each_stmt(body, &mut |s| {
        if matches!(s.kind, StmtKind::Return(_)) {
            w.errs.push(Diagnostic::not_supported(
                s.span,
                "a return in the constructor of a class with a csl_invariant (the invariant is established at its end)",
            ));
        }
    });
    errs.append(&mut w.errs);
}

/// Calls `f` on every statement of `b`, nested ones included (blocks, ghost code).
fn each_stmt(b: &mut Block, f: &mut dyn FnMut(&Stmt)) {
    struct Each<'a>(&'a mut dyn FnMut(&Stmt));
    impl Rewrite for Each<'_> {
        fn block(&mut self, b: &mut Block) {
            for s in &b.stmts {
                (self.0)(s);
                if let StmtKind::Ghost(g) | StmtKind::Labelled(_, g) = &s.kind {
                    (self.0)(g);
                }
            }
        }
    }
    walk::block(&mut Each(f), b);
}

/// The names of the methods `b` calls (and of its functions: compared by name).
fn called(b: &mut Block) -> HashSet<Name> {
    let mut out = HashSet::new();
    struct Calls<'a>(&'a mut HashSet<Name>);
    impl Rewrite for Calls<'_> {
        fn expr(&mut self, e: &mut Expr) {
            if let ExprKind::Call(c) = &e.kind {
                self.0.insert(c.name.name);
            }
        }
    }
    walk::block(&mut Calls(&mut out), b);
    out
}

/// Drops the operands of the action statements in `s` (a copy, walked for the calls in a
/// step's ghost code): they are history terms (`h.get(x)`, a process expression naming
/// a history class's processes, which make no step: `passes::histories` lets such a
/// member call nothing but itself) and values, in which the checker allows no method
/// call (a method call inside an expression is refused); the action's body stays.
fn history_terms_out(s: &mut Stmt) {
    if let StmtKind::Action {
        model,
        perm,
        future,
        action,
        ..
    } = &mut s.kind
    {
        for e in [model, perm, future, action] {
            *e = expr(ExprKind::Bool(true), e.span);
        }
    }
    walk::child_blocks_mut(s, &mut |b| b.stmts.iter_mut().for_each(history_terms_out));
}

/// Rewrites the atomic operations of one body into `atomic(weft_csl)` blocks.
struct Walker<'a> {
    fields: &'a HashMap<Name, HashMap<Name, Type>>,
    cells: &'a HashMap<Name, Type>,
    class: Name,
    /// Locals and parameters in scope, with their class.
    scope: Vec<(Name, Option<Name>)>,
    /// Where each step is.
    steps: Vec<Span>,
    /// Depth of ghost statements around the statement walked.
    ghost: usize,
    fresh: u32,
    /// The calls in the steps' ghost code.
    ghost_calls: Vec<(Name, Span)>,
    errs: Vec<Diagnostic>,
}

/// An atomic operation: the cell class, and the call.
type Op<'e> = (Name, &'e Call);

impl Walker<'_> {
    /// The class of `e`, when it is a name, `this` or a field of one.
    fn class_of(&self, e: &Expr) -> Option<Name> {
        match &e.kind {
            ExprKind::This => Some(self.class),
            ExprKind::Name(n) => match self.scope.iter().rev().find(|(v, _)| *v == n.name) {
                Some((_, t)) => *t,
                None => self.field(self.class, n.name),
            },
            ExprKind::Select(o, f) => self.field(self.class_of(o)?, f.name),
            _ => None,
        }
    }

    fn field(&self, class: Name, f: Name) -> Option<Name> {
        self.fields.get(&class)?.get(&f)?.class_name()
    }

    fn op<'e>(&self, e: &'e Expr) -> Option<Op<'e>> {
        let ExprKind::Call(c) = &e.kind else {
            return None;
        };
        if !OPS.contains(&&*c.name.name) {
            return None;
        }
        let cell = self.class_of(c.recv.as_deref()?)?;
        self.cells.contains_key(&cell).then_some((cell, &**c))
    }

    fn block(&mut self, b: &mut Block) {
        let n = self.scope.len();
        for s in std::mem::take(&mut b.stmts) {
            self.stmt(s, &mut b.stmts);
        }
        self.scope.truncate(n);
    }

    fn stmt(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        match s.kind {
            StmtKind::Local {
                ty,
                name,
                init: Some(e),
            } if self.op(&e).is_some() => {
                self.scope.push((name.name, ty.class_name()));
                let target = expr(ExprKind::Name(name.clone()), name.span);
                out.push(stmt(
                    StmtKind::Local {
                        ty,
                        name,
                        init: None,
                    },
                    span,
                ));
                self.step(e, Some(target), out);
            }
            StmtKind::Assign { target, value } if self.op(&value).is_some() => {
                let local = matches!(&target.kind, ExprKind::Name(n)
                    if self.scope.iter().any(|(v, _)| *v == n.name));
                if local {
                    self.step(value, Some(target), out);
                } else {
                    // A field or element: written after the step, by the thread.
                    let (cell, c) = self.op(&value).expect("an operation");
                    let ty = match &*c.name.name {
                        "compareAndSet" => Type {
                            kind: TypeKind::Bool,
                            span,
                        },
                        _ => self.cells[&cell].clone(),
                    };
                    let tmp = self.local("weft_result", ty, None, span, out);
                    self.step(value, Some(tmp.clone()), out);
                    out.push(stmt(StmtKind::Assign { target, value: tmp }, span));
                }
            }
            StmtKind::Expr(e) if self.op(&e).is_some() => self.step(e, None, out),
            StmtKind::Ghost(inner) => {
                self.ghost += 1;
                let mut v = Vec::new();
                self.stmt(*inner, &mut v);
                self.ghost -= 1;
                out.extend(
                    v.into_iter()
                        .map(|g| stmt(StmtKind::Ghost(Box::new(g)), span)),
                );
            }
            _ => {
                self.refuse_in(&mut s);
                let n = self.scope.len();
                match &mut s.kind {
                    StmtKind::Local { ty, name, .. } => {
                        self.scope.push((name.name, ty.class_name()));
                        out.push(s);
                        return;
                    }
                    StmtKind::For { init, .. } => {
                        for i in init {
                            if let StmtKind::Local { ty, name, .. } = &i.kind {
                                self.scope.push((name.name, ty.class_name()));
                            }
                        }
                    }
                    StmtKind::ForRange { var, .. } => self.scope.push((var.name, None)),
                    _ => {}
                }
                walk::child_blocks_mut(&mut s, &mut |b| self.block(b));
                self.scope.truncate(n);
                out.push(s);
            }
        }
    }

    /// Refuses the atomic operations in the expressions of `s` itself (its nested
    /// blocks are walked as statements), and in any call's ghost code.
    fn refuse_in(&mut self, s: &mut Stmt) {
        let mut saved = Vec::new();
        walk::child_blocks_mut(s, &mut |b| saved.push(std::mem::take(&mut b.stmts)));
        let found = self.find_ops(s);
        let mut saved = saved.into_iter();
        walk::child_blocks_mut(s, &mut |b| b.stmts = saved.next().unwrap_or_default());
        for span in found {
            self.errs.push(Diagnostic::not_supported(
                span,
                "an atomic operation inside an expression or in ghost code (write it as a statement `x = a.get();`, `b = a.compareAndSet(x, v);` or `a.set(v);`)",
            ));
        }
    }

    /// Where `s` (all of it) has atomic operations.
    fn find_ops(&self, s: &mut Stmt) -> Vec<Span> {
        struct Find<'w, 'a> {
            w: &'w Walker<'a>,
            found: Vec<Span>,
        }
        impl Rewrite for Find<'_, '_> {
            fn expr(&mut self, e: &mut Expr) {
                if self.w.op(e).is_some() {
                    self.found.push(e.span);
                }
            }
        }
        let mut f = Find {
            w: self,
            found: Vec::new(),
        };
        walk::stmt(&mut f, s);
        f.found
    }

    /// `T name = init;` before the step; the name.
    fn local(
        &mut self,
        what: &str,
        ty: Type,
        init: Option<Expr>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        self.fresh += 1;
        let name = Ident::at(&format!("{what}_{}", self.fresh), span);
        self.scope.push((name.name, ty.class_name()));
        out.push(stmt(
            StmtKind::Local {
                ty,
                name: name.clone(),
                init,
            },
            span,
        ));
        expr(ExprKind::Name(name), span)
    }

    /// The step of `e` (an operation), its result assigned to `target`.
    fn step(&mut self, e: Expr, target: Option<Expr>, out: &mut Vec<Stmt>) {
        // At the call: a failure of the step is reported there.
        let span = e.span;
        let (cell, call) = self.op(&e).expect("an operation");
        let call = call.clone();
        if self.ghost > 0 {
            self.errs.push(Diagnostic::not_supported(
                span,
                "an atomic operation in ghost code",
            ));
            return;
        }
        self.steps.push(span);
        let op = &*call.name.name;
        let arity = match op {
            "get" => 0,
            "set" => 1,
            _ => 2,
        };
        if call.args.len() != arity {
            self.errs.push(Diagnostic::error(
                ErrorCode::Arity,
                span,
                format!("{op} takes {arity} arguments, not {}", call.args.len()),
            ));
            return;
        }
        if !call.given.is_empty() || !call.yields.is_empty() {
            self.errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                span,
                format!("{op} of {cell} has no ghost parameters (write ghost code in with/then)"),
            ));
            return;
        }
        if op == "set" && target.is_some() {
            self.errs.push(Diagnostic::error(
                ErrorCode::TypeMismatch,
                span,
                "set returns nothing",
            ));
            return;
        }
        for s in call.with.iter().chain(&call.then) {
            let mut s = s.clone();
            for at in self.find_ops(&mut s) {
                self.errs.push(Diagnostic::not_supported(
                    at,
                    "an atomic operation in ghost code",
                ));
            }
            struct Calls<'a>(&'a mut Vec<(Name, Span)>);
            impl Rewrite for Calls<'_> {
                fn expr(&mut self, e: &mut Expr) {
                    if let ExprKind::Call(c) = &e.kind {
                        self.0.push((c.name.name, e.span));
                    }
                }
            }
            history_terms_out(&mut s);
            walk::stmt(&mut Calls(&mut self.ghost_calls), &mut s);
        }
        let cell_ty = Type {
            kind: TypeKind::Named(Ident::at(&cell, span)),
            span,
        };
        let val_ty = self.cells[&cell].clone();
        let recv = *call.recv.clone().expect("a receiver");
        let obj = self.local("weft_cell", cell_ty, Some(recv), span, out);
        let args: Vec<Expr> = call
            .args
            .iter()
            .map(|a| self.local("weft_arg", val_ty.clone(), Some(a.clone()), span, out))
            .collect();
        let val = || {
            expr(
                ExprKind::Select(Box::new(obj.clone()), Ident::at("val", span)),
                span,
            )
        };
        let assign = |target: Expr, value: Expr| stmt(StmtKind::Assign { target, value }, span);
        let boolean = |b| expr(ExprKind::Bool(b), span);
        let mut body = call.with.clone();
        match op {
            "get" => match &target {
                Some(t) => body.push(assign(t.clone(), val())),
                None => body.push(stmt(
                    StmtKind::Local {
                        ty: val_ty,
                        name: Ident::at("weft_read", span),
                        init: Some(val()),
                    },
                    span,
                )),
            },
            "set" => body.push(assign(val(), args[0].clone())),
            _ => {
                let mut then = vec![assign(val(), args[1].clone())];
                let mut els = Vec::new();
                if let Some(t) = &target {
                    then.push(assign(t.clone(), boolean(true)));
                    els.push(assign(t.clone(), boolean(false)));
                }
                let cond = expr(
                    ExprKind::Binary(BinOp::Eq, Box::new(val()), Box::new(args[0].clone())),
                    span,
                );
                body.push(stmt(
                    StmtKind::If {
                        cond,
                        then: Block { stmts: then, span },
                        els: Some(Block { stmts: els, span }),
                    },
                    span,
                ));
            }
        }
        body.extend(call.then.iter().cloned());
        out.push(stmt(
            StmtKind::Atomic {
                names: vec![Ident::at(BLOCK, span)],
                body: Block { stmts: body, span },
            },
            span,
        ));
    }
}

fn expr(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CELL: &str = "final class AtomicCell { int val; AtomicCell(int v) { val = v; } }";

    fn lowered(text: &str) -> Result<String, Vec<Diagnostic>> {
        let text = format!("{CELL} {text}");
        crate::passes::testing::tree_after(crate::passes::testing::Java, &text, Some("csl"))
    }

    fn refused(text: &str) -> String {
        let errs = lowered(text).unwrap_err();
        assert_eq!(
            errs[0].code,
            crate::diag::Code::Error(ErrorCode::NotSupported)
        );
        errs[0].message.clone()
    }

    const INV: &str = "final AtomicCell c; /*@ resource csl_invariant() = Perm(c.val, 1); @*/";

    #[test]
    fn a_step_is_an_atomic_block_in_the_methods_invariant_block() {
        let out = lowered(&format!(
            "class C {{ {INV} C() {{ c = new AtomicCell(0); }}
               void m() {{ int x = c.get(); boolean b = c.compareAndSet(x, 1) /*@ then {{ assert b; }} @*/; }} }}"
        ))
        .unwrap();
        let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(out.contains("inline resource csl_invariant()"), "{out}");
        // The constructor establishes R at its end.
        assert!(out.contains("c = new AtomicCell(0); invariant weft_csl(this.csl_invariant()) {} exhale this.csl_invariant(); }"), "{out}");
        // The method: R in scope, each call an atomic block, `then` inside it.
        assert!(out.contains("void m() { inhale this.csl_invariant(); invariant weft_csl(this.csl_invariant()) { int x;"), "{out}");
        assert!(
            out.contains("AtomicCell weft_cell_1 = c; atomic(weft_csl) { x = weft_cell_1.val; }"),
            "{out}"
        );
        assert!(
            out.contains(
                "b = true; } else { b = false; } assert b; } } exhale this.csl_invariant(); }"
            ),
            "{out}"
        );
    }

    #[test]
    fn a_class_without_the_invariant_makes_no_step() {
        let msg = refused("class C { final AtomicCell c; void m() { int x = c.get(); } }");
        assert!(msg.contains("csl_invariant"), "{msg}");
    }

    #[test]
    fn the_constructor_lets_nothing_escape_before_the_invariant() {
        let msg = refused(&format!(
            "class C {{ {INV} C() {{ c = new AtomicCell(0); m(); }} void m() {{ c.set(1); }} }}"
        ));
        assert!(msg.contains("call of m"), "{msg}");
        let msg = refused(&format!(
            "class C {{ {INV} C() {{ c = new AtomicCell(0); c.set(1); }} }}"
        ));
        assert!(msg.contains("constructor"), "{msg}");
    }

    #[test]
    fn no_step_inside_a_step() {
        let msg = refused(&format!(
            "class C {{ {INV} C() {{ c = new AtomicCell(0); }} void m() {{ c.set(1); }}
               void n() {{ c.set(2) /*@ with {{ m(); }} @*/; }} }}"
        ));
        assert!(msg.contains("step inside a step"), "{msg}");
        let msg = refused(&format!(
            "class C {{ {INV} C() {{ c = new AtomicCell(0); }} void n() {{ if (c.get() == 0) {{ }} }} }}"
        ));
        assert!(msg.contains("inside an expression"), "{msg}");
    }

    #[test]
    fn only_a_cell_of_the_program_is_the_ch7_model() {
        // Another field besides `val`, or its own `get`: an ordinary class.
        let text = "final class AtomicPair { int val; int other; int get() { return val; } }
            class C { final AtomicPair p; int m() { int x = p.get(); return x; } }";
        let lowered =
            crate::passes::testing::tree_after(crate::passes::testing::Java, text, Some("csl"));
        assert!(lowered.is_ok());
    }
}
