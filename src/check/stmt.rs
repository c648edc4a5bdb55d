//! Statements: resolve loops' jumps, turn calls into call statements, check writes.

use super::body::{Body, LoopExits};
use super::call::{CallOrPure, Rhs};
use super::types;
use crate::core::build::stmt;
use crate::core::{Block, Expr, ExprKind as K, FieldId, LoopId, Stmt, StmtKind as S, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::name::Name;
use crate::syntax::ast::{self, BinOp, ClauseKind, ExprKind as A, StmtKind as AS};
use crate::syntax::span::Span;

/// Where an assignment writes.
enum Target {
    Local(Name, Type),
    Field(Expr, FieldId, Type),
    Index(Expr, Expr, Type),
}

impl Target {
    fn ty(&self) -> &Type {
        match self {
            Target::Local(_, t) | Target::Field(_, _, t) | Target::Index(_, _, t) => t,
        }
    }
}

impl Body<'_> {
    pub(super) fn block(&mut self, b: &ast::Block) -> Block {
        self.scoped(|this| {
            let mut out = Vec::new();
            for s in &b.stmts {
                this.stmt(s, &mut out);
            }
            Block {
                stmts: out,
                span: b.span,
            }
        })
    }

    /// Checks one statement, appending its core form (possibly several
    /// statements) to `out`. Errors are recorded; the statement is dropped.
    pub(super) fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        let mark = out.len();
        let outer = (
            std::mem::take(&mut self.ghost_before),
            std::mem::take(&mut self.ghost_after),
        );
        self.with_effects(|b| b.stmt_kind(s, out));
        // The ghost statements of its calls' `with`/`then` blocks.
        let before = std::mem::replace(&mut self.ghost_before, outer.0);
        let after = std::mem::replace(&mut self.ghost_after, outer.1);
        out.splice(mark..mark, before);
        // After the call, but before a `return` that passes its result on.
        let at = match out.last() {
            Some(Stmt {
                kind: S::Return(_), ..
            }) if out.len() > mark => out.len() - 1,
            _ => out.len(),
        };
        out.splice(at..at, after);
    }

    fn stmt_kind(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        match &s.kind {
            AS::Local { ty, name, init } => self.local(ty, name, init.as_ref(), span, out),
            AS::Assign { target, value } => self.assign(target, value, span, out),
            AS::Expr(e) => self.expr_stmt(e, span, out),
            AS::If { cond, then, els } => {
                let cond = self.cond(cond);
                let then = self.block(then);
                let els = els.as_ref().map(|b| self.block(b));
                if let Some(cond) = cond {
                    out.push(stmt(S::If { cond, then, els }, span));
                }
            }
            AS::While {
                contract,
                cond,
                body,
            } => {
                let invariants = self.loop_contract(contract);
                let (cond, head) = self.loop_cond(cond);
                let (id, body) = self.loop_body(body);
                if let Some(cond) = cond {
                    let update = Block::empty(span);
                    let k = S::Loop {
                        id,
                        invariants,
                        head,
                        cond,
                        body,
                        update,
                    };
                    out.push(stmt(k, span));
                }
            }
            AS::For {
                contract,
                init,
                cond,
                update,
                body,
            } => self.scoped(|b| {
                // Block[init…, Loop{inv, cond, body, update}]
                let mut stmts = Vec::new();
                for s in init {
                    b.stmt(s, &mut stmts);
                }
                let invariants = b.loop_contract(contract);
                let (cond, head) = match cond {
                    Some(c) => b.loop_cond(c),
                    None => (Some(Expr::bool(true, span)), Block::empty(span)),
                };
                let (id, body) = b.loop_body(body);
                let mut update_stmts = Vec::new();
                for s in update {
                    b.stmt(s, &mut update_stmts);
                }
                if let Some(cond) = cond {
                    let update = Block {
                        stmts: update_stmts,
                        span,
                    };
                    let k = S::Loop {
                        id,
                        invariants,
                        head,
                        cond,
                        body,
                        update,
                    };
                    stmts.push(stmt(k, span));
                    out.push(stmt(S::Block(Block { stmts, span }), span));
                }
            }),
            AS::ForRange {
                contract,
                var,
                lo,
                hi,
                body,
            } => self.for_range(contract, var, lo, hi, body, span, out),
            AS::Return(e) => {
                if let Some(k) = self.ret_stmt(e.as_ref(), span, out) {
                    out.push(stmt(k, span));
                }
            }
            AS::Lock(op, e) => self.lock_stmt(*op, e, span, out),
            AS::Synchronized { lock, body } => self.synchronized(lock, body, span, out),
            AS::Assert(e) => self.spec_stmt(e, span, out, S::Assert),
            AS::Assume(e) => self.spec_stmt(e, span, out, S::Assume),
            AS::Inhale(e) => self.spec_stmt(e, span, out, S::Inhale),
            AS::Exhale(e) => self.spec_stmt(e, span, out, S::Exhale),
            AS::Refute(e) => self.spec_stmt(e, span, out, S::Refute),
            AS::Check(code, e) => {
                if let Some(expr) = self.in_spec(|b| b.assertion(e)) {
                    let (exhale, code) = (false, *code);
                    out.push(stmt(S::Check { exhale, expr, code }, span));
                }
            }
            AS::Fold(e) => self.fold_stmt(e, "fold", span, out, S::Fold),
            AS::Unfold(e) => self.fold_stmt(e, "unfold", span, out, S::Unfold),
            AS::Package { wand, proof } => self.package_stmt(wand, proof, span, out),
            AS::Apply(e) => self.apply_stmt(e, span, out),
            AS::Label(l) => out.push(stmt(S::Label(l.name), span)),
            // Calvin-R's commit point (`passes::calvin_r` reads it).
            AS::Witness(l) if self.calvin_r_class() => out.push(stmt(S::Witness(l.name), span)),
            AS::Witness(_) => {
                let msg = "a witness outside a Calvin-R class (of a unit with access predicates or performs specs)";
                self.err::<()>(ErrorCode::Misplaced, span, msg);
            }
            // The label is known and not inside a loop the goto is outside
            // of: `labels` (decl.rs) checked it with the method's labels.
            AS::Goto(l) => out.push(stmt(S::Goto(l.name), span)),
            AS::Break(l) => self.jump(true, l.as_ref(), span, out),
            AS::Continue(l) => self.jump(false, l.as_ref(), span, out),
            AS::Labelled(l, s) => self.labelled(l, s, span, out),
            AS::DoWhile {
                contract,
                body,
                cond,
            } => self.do_while(contract, body, cond, span, out),
            AS::Ghost(s) => self.in_ghost(|b| b.stmt(s, out)),
            AS::Throw(e) => self.throw_stmt(e, span, out),
            AS::Try {
                body,
                catches,
                finally,
            } => self.try_stmt(body, catches, finally.as_ref(), span, out),
            AS::Fork(e) => self.thread_stmt(e, true, span, out),
            AS::Join(e) => self.thread_stmt(e, false, span, out),
            AS::Block(b) => {
                let b = self.block(b);
                out.push(stmt(S::Block(b), span));
            }
            AS::Invariant { name, inv, body } => self.invariant_block(name, inv, body, span, out),
            AS::Atomic { names, body } => self.atomic_block(names, body, span, out),
            AS::Action {
                model,
                perm,
                future,
                action,
                body,
                past,
            } => self.action_block([model, perm, future, action], body, *past, span, out),
            AS::Par(threads) => self.par(threads, span, out),
            AS::Barrier {
                name,
                invariants,
                contract,
                hint,
            } => self.barrier(name, invariants, contract, hint.as_ref(), span, out),
            // `passes::java::kernel` lowers both in kernels: any left stand outside one.
            AS::KernelBarrier { .. } | AS::KernelAtomic { .. } => {
                let msg = "a GPU barrier or atomic operation outside a kernel";
                self.err::<()>(ErrorCode::Misplaced, span, msg);
            }
            AS::NotSupported(what) => {
                let msg = format!("{what} is not supported yet");
                self.err::<()>(ErrorCode::NotSupported, span, msg);
            }
            AS::Switch(_) => {
                let msg = "a switch reached the checker: the switch step lowers every one (a bug in weft)";
                self.err::<()>(ErrorCode::Internal, span, msg);
            }
        }
    }

    fn spec_stmt(&mut self, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>, k: fn(Expr) -> S) {
        if let Some(x) = self.in_spec(|b| b.assertion(e)) {
            out.push(stmt(k(x), span));
        }
    }

    fn fold_stmt(
        &mut self,
        e: &ast::Expr,
        what: &str,
        span: Span,
        out: &mut Vec<Stmt>,
        k: fn(Expr) -> S,
    ) {
        let Some(x) = self.in_spec(|b| b.expr(e, None)) else {
            return;
        };
        if x.kind.instance().is_some() {
            out.push(stmt(k(x), span));
        } else if what == "fold" && x.ty == Type::Bool && matches!(x.kind, K::FunctionCall { .. }) {
            // The thesis folds its protocol's `trans`, a boolean function, as
            // if a predicate: folding a fact asserts it.
            out.push(stmt(S::Assert(x), span));
        } else {
            self.err::<()>(
                ErrorCode::TypeMismatch,
                e.span,
                format!("{what} needs a predicate instance"),
            );
        }
    }

    /// The invariants of a loop; other clauses are misplaced there.
    fn loop_contract(&mut self, c: &ast::Contract) -> Vec<Expr> {
        super::decl::no_ghost_params(self, c, "a loop");
        let mut invs = Vec::new();
        for clause in &c.clauses {
            match clause.kind {
                ClauseKind::LoopInvariant => {
                    if let Some(x) = self.in_spec(|b| b.assertion(&clause.expr)) {
                        invs.push(x);
                    }
                }
                ClauseKind::Decreases => self.decreases(clause.span),
                k => {
                    let msg = format!("{} is not allowed on a loop", k.keyword());
                    self.err::<()>(ErrorCode::Misplaced, clause.span, msg);
                }
            }
        }
        invs
    }

    pub(super) fn decreases(&mut self, span: Span) {
        self.err::<()>(
            ErrorCode::NotSupported,
            span,
            "termination measures (decreases) are not supported yet",
        );
    }

    /// A loop's condition, and the statements of the calls in it
    /// (`while (it.hasNext())`), which run at the head of every iteration
    /// (`core::StmtKind::Loop::head`).
    fn loop_cond(&mut self, cond: &ast::Expr) -> (Option<Expr>, Block) {
        (self.cond(cond), Block::empty(cond.span))
    }

    /// A loop body, checked with its `break`/`continue` target, the loop
    /// numbered here.
    fn loop_body(&mut self, body: &ast::Block) -> (LoopId, Block) {
        let label = std::mem::take(&mut self.loop_label);
        let id = self.push_exits(true, label);
        let body = self.block(body);
        self.loops.pop();
        (id, body)
    }

    /// Numbers a loop (or labelled statement) about to be checked, the
    /// target of the jumps in it.
    fn push_exits(&mut self, is_loop: bool, label: Vec<Name>) -> LoopId {
        self.next_loop += 1;
        let id = LoopId(self.next_loop);
        self.loops.push(LoopExits { label, is_loop, id });
        id
    }

    /// `L: S`. A loop takes the label for its own exits; another statement
    /// gets a `break L` target after it.
    fn labelled(&mut self, l: &ast::Ident, s: &ast::Stmt, span: Span, out: &mut Vec<Stmt>) {
        if self.loops.iter().any(|e| e.label.contains(&l.name)) {
            let msg = format!("label {} is already on an enclosing statement", l.name);
            self.err::<()>(ErrorCode::Duplicate, l.span, msg);
        }
        // `L1: L2: while …`: every label of the chain is the loop's (as javac
        // reads `continue L1`).
        let mut under = s;
        while let AS::Labelled(_, inner) = &under.kind {
            under = inner;
        }
        if let AS::While { .. } | AS::For { .. } | AS::ForRange { .. } | AS::DoWhile { .. } =
            under.kind
        {
            self.loop_label.push(l.name);
            self.stmt(s, out);
            self.loop_label.clear();
            return;
        }
        let id = self.push_exits(false, vec![l.name]);
        let mut stmts = Vec::new();
        self.stmt(s, &mut stmts);
        self.loops.pop();
        let mut body = Block { stmts, span };
        // A rely/guarantee program's atomic step (Calvin's, as Plato's CAS):
        // `atomic: { … }` in a class with a monitor owner (a `break atomic`
        // in it leaves the step: the label is around it).
        if l.name.as_str() == "atomic" && self.rely_guarantee_class() {
            let step = stmt(S::AtomicStep(body), span);
            body = Block {
                stmts: vec![step],
                span,
            };
        }
        out.push(stmt(S::Labelled { id, body }, span));
    }

    /// `do body while (cond)`, the body checked once: the loops in it are
    /// numbered after the loop, and as many numbers are kept for the
    /// loop's copy of them (`passes::loops` runs the body once before the
    /// loop).
    fn do_while(
        &mut self,
        contract: &ast::Contract,
        body: &ast::Block,
        cond: &ast::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let label = std::mem::take(&mut self.loop_label);
        let id = self.push_exits(true, label);
        let body = self.block(body);
        self.loops.pop();
        let invariants = self.loop_contract(contract);
        let cond = self.unlifted("a loop condition", |b| b.cond(cond));
        let again = LoopId(self.next_loop + 1);
        self.next_loop += again.0 - id.0;
        if let Some(cond) = cond {
            let k = S::DoWhile {
                id,
                again,
                invariants,
                body,
                cond,
            };
            out.push(stmt(k, span));
        }
    }

    /// `break` / `continue`: a jump to the innermost loop's label, or to
    /// the statement labelled `label`.
    fn jump(
        &mut self,
        is_break: bool,
        label: Option<&ast::Ident>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let kw = if is_break { "break" } else { "continue" };
        let at = match label {
            None => self.loops.iter().rposition(|e| e.is_loop),
            Some(l) => self.loops.iter().rposition(|e| e.label.contains(&l.name)),
        };
        let Some(at) = at else {
            let _ = match label {
                None => self.err::<()>(ErrorCode::Misplaced, span, format!("{kw} outside a loop")),
                Some(l) => {
                    let msg = format!("label {} is not on an enclosing statement", l.name);
                    self.err::<()>(ErrorCode::Undeclared, l.span, msg)
                }
            };
            return;
        };
        if !is_break && !self.loops[at].is_loop {
            let name = label.map_or("", |l| l.name.as_str());
            let msg = format!("continue {name}: {name} does not label a loop");
            self.err::<()>(ErrorCode::Misplaced, span, msg);
            return;
        }
        let id = self.loops[at].id;
        let k = if is_break {
            S::Break(id)
        } else {
            S::Continue(id)
        };
        out.push(stmt(k, span));
    }

    /// `for (int i = lo .. hi) body`: `passes::loops` makes it a loop.
    #[allow(clippy::too_many_arguments)]
    fn for_range(
        &mut self,
        contract: &ast::Contract,
        var: &ast::Ident,
        lo: &ast::Expr,
        hi: &ast::Expr,
        body: &ast::Block,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        // The bounds may be read again on each iteration: no calls in them.
        let lo = self.unlifted("the bounds of a range loop", |b| b.expect(lo, &Type::Int));
        let hi = self.unlifted("the bounds of a range loop", |b| b.expect(hi, &Type::Int));
        self.scoped(|b| {
            let Some(var) = b.declare(var, Type::Int) else {
                return;
            };
            let invariants = b.loop_contract(contract);
            let (id, body) = b.loop_body(body);
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return;
            };
            let k = S::ForRange {
                id,
                var,
                lo,
                hi,
                invariants,
                body,
            };
            out.push(stmt(k, span));
        })
    }

    /// `return e;`; a call in `e` goes through a temporary (`return m(x);`).
    fn ret_stmt(&mut self, e: Option<&ast::Expr>, span: Span, out: &mut Vec<Stmt>) -> Option<S> {
        let ret = self.ret.clone();
        match (e, &ret) {
            (None, Type::Void) => Some(S::Return(None)),
            (None, t) => {
                let msg = format!("this method must return a {}", self.env.show(t));
                self.err(ErrorCode::TypeMismatch, span, msg)
            }
            (Some(e), Type::Void) => self.err(
                ErrorCode::TypeMismatch,
                e.span,
                "a void method or constructor cannot return a value",
            ),
            (Some(e), t) => match self.rhs(e, Some(t))? {
                Rhs::Pure(x) => Some(S::Return(Some(x))),
                rhs => {
                    let var = self.scopes.fresh("tmp", t.clone(), span);
                    let x = Expr::new(K::Local(var.name), var.ty.clone(), span);
                    out.push(stmt(S::Local(var.clone(), None), span));
                    out.push(stmt(call_into(var.name, rhs), span));
                    Some(S::Return(Some(x)))
                }
            },
        }
    }

    /// Whether the class is one of a rely/guarantee program's (Calvin's or
    /// Calvin-R's): its objects have a monitor owner.
    pub(super) fn rely_guarantee_class(&self) -> bool {
        (self.class).is_some_and(|c| self.env.program.features.monitor_owner.contains_key(&c))
    }

    /// Whether the class is one of a unit with Calvin-R's annotations.
    pub(super) fn calvin_r_class(&self) -> bool {
        let calvin_r = self.env.program.features.calvin_r.as_ref();
        (self.class.zip(calvin_r)).is_some_and(|(c, r)| r.classes.contains(&c))
    }

    /// Calvin-R's `acquire(m)` / `release(m)` of an int mutex (a field or an
    /// array element holding the owner's tid, 0 when free), in a Calvin-R
    /// class, or a Calvin one (TMV's `acq(mx)`/`rel(mx)`), that declares no
    /// method of the name: one atomic step each,
    /// `when m == 0 do m = tid` and `m = 0`, the atomic steps `{ assume m ==
    /// 0; m = tid; }` and `{ m = 0; }` (`StmtKind::AtomicStep`, which
    /// `passes::calvin_r` reads).
    fn mutex_stmt(&mut self, call: &ast::Call, span: Span) -> Option<Option<Stmt>> {
        let acquire = match &*call.name.name {
            "acquire" => true,
            "release" => false,
            _ => return None,
        };
        if call.recv.is_some()
            || !self.rely_guarantee_class()
            || self.env.member(self.class, &call.name.name).is_some()
            || self.env.globals.resolve(&call.name).is_some()
        {
            return None;
        }
        if call.args.len() != 1 {
            let msg = format!("{} expects 1 argument, the mutex", call.name.name);
            return Some(self.err(ErrorCode::Arity, span, msg));
        }
        let m = self.expr(&call.args[0], Some(&Type::Int));
        let m = m?;
        let assign = |value: Expr| match m.kind.clone() {
            K::Field(recv, field) => Some(S::AssignField { recv, field, value }),
            K::ArrayIndex(array, index) => Some(S::AssignIndex {
                array,
                index,
                value,
            }),
            _ => None,
        };
        let int = |i: i64| Expr::new(K::Int((i as i128).into()), Type::Int, span);
        let mut stmts = Vec::new();
        let value = if acquire {
            let free = Expr::binary(BinOp::Eq, m.clone(), int(0), Type::Bool, span);
            stmts.push(stmt(S::Assume(free), span));
            Expr::new(K::CurrentThread, Type::Int, span)
        } else {
            int(0)
        };
        let Some(set) = assign(value).filter(|_| m.ty == Type::Int) else {
            let msg = format!(
                "{} of this mutex (an int field or array element)",
                call.name.name
            );
            return Some(self.err(ErrorCode::NotSupported, m.span, msg));
        };
        stmts.push(stmt(set, span));
        Some(Some(stmt(S::AtomicStep(Block { stmts, span }), span)))
    }

    /// Calvin's `CAS(l, e, n)` (§2: "if l = e, then the operation
    /// terminates after swapping the contents of l and n; otherwise, it
    /// terminates without modifying the store"), in a rely/guarantee class
    /// that declares no method of the name: one atomic step, `{ if (l == e)
    /// { t = l; l = n; n = t; } }` (`StmtKind::AtomicStep`), `l` and `n`
    /// each a local, a field or an array element.
    fn cas_stmt(&mut self, call: &ast::Call, span: Span, out: &mut Vec<Stmt>) -> bool {
        if call.name.name != "CAS"
            || call.recv.is_some()
            || !self.rely_guarantee_class()
            || self.env.member(self.class, &call.name.name).is_some()
            || self.env.globals.resolve(&call.name).is_some()
        {
            return false;
        }
        let [l, e, n] = &call.args[..] else {
            let msg = "CAS expects 3 arguments: the variable, the expected value, the new value's variable";
            self.err::<()>(ErrorCode::Arity, span, msg);
            return true;
        };
        let (Some(l), Some(n)) = (self.expr(l, None), self.expr(n, None)) else {
            return true;
        };
        let Some(e) = self.expr(e, Some(&l.ty)) else {
            return true;
        };
        if n.ty != l.ty {
            self.type_mismatch::<()>(n.span, &l.ty, &n.ty);
            return true;
        }
        let assign = |to: &Expr, value: Expr| match to.kind.clone() {
            K::Field(recv, field) => Some(S::AssignField { recv, field, value }),
            K::ArrayIndex(array, index) => Some(S::AssignIndex {
                array,
                index,
                value,
            }),
            K::Local(x) => Some(S::AssignLocal(x, value)),
            _ => None,
        };
        let t = self.scopes.fresh("cas", l.ty.clone(), span);
        let tv = Expr::new(K::Local(t.name), l.ty.clone(), span);
        let swap = [
            assign(&tv, l.clone()),
            assign(&l, n.clone()),
            assign(&n, tv),
        ];
        let [Some(a), Some(b), Some(c)] = swap else {
            let msg = "CAS of this (a local, a field or an array element)";
            self.err::<()>(ErrorCode::NotSupported, span, msg);
            return true;
        };
        let test = Expr::binary(BinOp::Eq, l, e, Type::Bool, span);
        let then = Block {
            stmts: vec![stmt(a, span), stmt(b, span), stmt(c, span)],
            span,
        };
        let step = stmt(
            S::If {
                cond: test,
                then,
                els: None,
            },
            span,
        );
        out.push(stmt(S::Local(t, None), span));
        out.push(stmt(
            S::AtomicStep(Block {
                stmts: vec![step],
                span,
            }),
            span,
        ));
        true
    }

    /// A call or `new` as a statement.
    fn expr_stmt(&mut self, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        if let A::Call(c) = &e.kind {
            if let Some(s) = self.history_stmt(c, span) {
                out.extend(s);
                return;
            }
            if let Some(s) = self.mutex_stmt(c, span) {
                out.extend(s);
                return;
            }
            if self.cas_stmt(c, span, out) {
                return;
            }
        }
        let call = match &e.kind {
            // `e /*@ then S */;`: the statement `e`, then `S`.
            A::Then(x, then) => {
                if let A::Update(target, value, _) = &x.kind {
                    // `x++ /*@ then S */;`: the increment, its value dropped.
                    let b = self.assignment(target, value, x.span);
                    out.extend(b.stmts);
                } else {
                    self.expr_stmt(x, x.span, out);
                }
                let stmts = self.then_stmts(then, e.span);
                out.extend(stmts);
                return;
            }
            A::Call(c) => match self.call_or_pure(c, e.span) {
                Some(CallOrPure::Call(call, _)) => call,
                // Java evaluates it and drops the value (`Math.sqrt(3);`): the
                // value goes to a fresh local, so its precondition is checked.
                Some(CallOrPure::Pure(x)) => {
                    let var = self.scopes.fresh("discarded", x.ty.clone(), span);
                    if self.ghost {
                        self.ghost_locals.insert(var.name);
                    }
                    out.push(stmt(S::Local(var, Some(x)), span));
                    return;
                }
                None => return,
            },
            A::New(n) => match self.new_call(&n.class, &n.args, &n.given, e.span) {
                Some((call, _)) => call,
                None => return,
            },
            _ => {
                self.err::<()>(
                    ErrorCode::Misplaced,
                    e.span,
                    "this expression is not a statement",
                );
                return;
            }
        };
        out.push(stmt(
            S::Call {
                target: None,
                call: Box::new(call),
            },
            span,
        ));
    }

    /// The right-hand side of `x = …` / `T x = …`; calls are allowed here.
    pub(super) fn rhs(&mut self, value: &ast::Expr, ty: Option<&Type>) -> Option<Rhs> {
        let rhs = match &value.kind {
            A::Call(c) => match self.call_or_pure(c, value.span)? {
                CallOrPure::Call(call, t) => Rhs::Call(call, t),
                CallOrPure::Pure(x) => Rhs::Pure(x),
            },
            A::New(n) => {
                let (call, t) = self.new_call(&n.class, &n.args, &n.given, value.span)?;
                Rhs::Call(call, t)
            }
            A::NewArray(elem, dims) => {
                let elem = self.ty(elem);
                let dims: Vec<_> = dims.iter().map(|d| self.expect(d, &Type::Int)).collect();
                Rhs::NewArray(elem?, dims.into_iter().collect::<Option<_>>()?)
            }
            _ => Rhs::Pure(self.expr(value, ty)?),
        };
        let Some(want) = ty else { return Some(rhs) };
        let got = match &rhs {
            Rhs::Call(_, Type::Void) => {
                return self.err(
                    ErrorCode::TypeMismatch,
                    value.span,
                    "this method returns nothing",
                )
            }
            rhs => rhs.ty(),
        };
        if types::compatible(&self.env.program, &got, want) {
            Some(rhs)
        } else {
            self.type_mismatch(value.span, want, &got)
        }
    }

    fn local(
        &mut self,
        ty: &ast::Type,
        name: &ast::Ident,
        init: Option<&ast::Expr>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        // The initialiser cannot see the new variable.
        let (ty, rhs) = match (&ty.kind, init) {
            // A switch's subject (`passes::java::switch`): its value's type,
            // an int (Java widens char, byte and short) or an enum.
            (ast::TypeKind::Inferred, Some(e)) => {
                let rhs = self.rhs(e, None);
                match rhs.as_ref().map(Rhs::ty) {
                    Some(t @ (Type::Enum(_) | Type::Int)) => (t, Some(rhs)),
                    Some(t) => {
                        self.type_mismatch::<()>(e.span, &Type::Int, &t);
                        return;
                    }
                    None => return,
                }
            }
            // Java 10's `var x = e;` (Calvin's fig. 5 writes `var t = tid;`):
            // the value's type (`var` names no class: it is reserved).
            (ast::TypeKind::Named(n), Some(e)) if n.name == "var" => {
                let rhs = self.rhs(e, None);
                match rhs.as_ref().map(Rhs::ty) {
                    Some(t) => (t, Some(rhs)),
                    None => return,
                }
            }
            _ => {
                let Some(ty) = self.ty(ty) else { return };
                let rhs = init.map(|e| self.rhs(e, Some(&ty)));
                (ty, rhs)
            }
        };
        let var = self.scopes.declare_local(name, ty);
        let target = var.name;
        if self.ghost {
            self.ghost_locals.insert(target);
        }
        match rhs {
            None => out.push(stmt(S::Local(var, None), span)),
            Some(None) => {}
            Some(Some(Rhs::Pure(x))) => out.push(stmt(S::Local(var, Some(x)), span)),
            Some(Some(rhs)) => {
                out.push(stmt(S::Local(var, None), span));
                out.push(stmt(call_into(target, rhs), span));
            }
        }
    }

    fn assign(&mut self, target: &ast::Expr, value: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        let t = self.target(target);
        if let Some(t) = &t {
            self.ghost_write(t, target);
        }
        let rhs = self.rhs(value, t.as_ref().map(Target::ty));
        let (Some(t), Some(rhs)) = (t, rhs) else {
            return;
        };
        let value = match (rhs, &t) {
            (Rhs::Pure(x), _) => x,
            (rhs, Target::Local(name, _)) => {
                out.push(stmt(call_into(*name, rhs), span));
                return;
            }
            // A call into a field or array element goes through a
            // temporary, with the call's ghost statements around it: an
            // effect in the value, which Java runs after it read the
            // target's receiver, array and index (`passes::lift`).
            (rhs, t) => {
                let var = self.scopes.fresh("tmp", t.ty().clone(), span);
                let x = Expr::new(K::Local(var.name), var.ty.clone(), span);
                let mut stmts = std::mem::take(&mut self.ghost_before);
                stmts.push(stmt(S::Local(var.clone(), None), span));
                stmts.push(stmt(call_into(var.name, rhs), span));
                stmts.append(&mut self.ghost_after);
                super::lift::effect(x, Block { stmts, span }, false)
            }
        };
        let k = match t {
            Target::Local(name, _) => S::AssignLocal(name, value),
            Target::Field(recv, field, _) => S::AssignField {
                recv: Box::new(recv),
                field,
                value,
            },
            Target::Index(array, index, _) => S::AssignIndex {
                array: Box::new(array),
                index: Box::new(index),
                value,
            },
        };
        out.push(stmt(k, span));
    }

    /// Checks `f` as ghost code.
    pub(super) fn in_ghost<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.ghost, true);
        let out = f(self);
        self.ghost = outer;
        out
    }

    /// Ghost code writes only ghost locals, ghost fields and elements of
    /// ghost arrays: a write of program state would make the verified
    /// program differ from the one that runs (`assert x == 3` after a ghost
    /// `x = 3` proves nothing of the real `x`).
    fn ghost_write(&mut self, t: &Target, target: &ast::Expr) {
        if !self.ghost {
            return;
        }
        let at = target.span;
        let what = match (t, &target.kind) {
            (Target::Local(name, _), A::Name(shown)) => {
                return self.ghost_write_local(*name, shown.name, at)
            }
            (Target::Local(name, _), _) => return self.ghost_write_local(*name, *name, at),
            (Target::Field(_, f, _), _) if self.env.program.field(*f).is_ghost => return,
            (Target::Field(..), _) => "a field that is not ghost",
            (Target::Index(a, ..), _) if self.is_ghost_value(a) => return,
            (Target::Index(..), _) => "an element of an array that is not ghost",
        };
        let msg = format!("ghost code cannot write {what}: the program that runs does not do this write; declare the target ghost");
        self.err::<()>(ErrorCode::Misplaced, at, msg);
    }

    /// Ghost code writes local `name` (written `shown` at `at`): a program
    /// local is ghost from here on, if the program never reads it
    /// (`ghost_flow`).
    pub(super) fn ghost_write_local(&mut self, name: Name, shown: Name, at: Span) {
        if self.ghost && !self.ghost_locals.contains(&name) {
            self.ghost_written.push((name, shown, at));
        }
    }

    /// A program local that ghost code writes holds a ghost value: the
    /// program that runs must not read it, or its behaviour would depend on
    /// a write it does not do. (Reads in specifications and ghost code are
    /// fine: they speak of the ghost value.) Checked once the method body is.
    pub(super) fn ghost_flow(&mut self) {
        for (name, shown, at) in std::mem::take(&mut self.ghost_written) {
            let Some(&read) = self.real_reads.get(&name) else {
                continue;
            };
            let msg = format!("ghost code writes {shown}, which the program reads: the program that runs would not see this value; give the ghost value a ghost local");
            self.errs.push(
                Diagnostic::error(ErrorCode::Misplaced, at, msg)
                    .with_related(read, format!("the program reads {shown} here")),
            );
        }
    }

    /// A ghost local or a ghost field's value.
    fn is_ghost_value(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Local(n) => self.ghost_locals.contains(n),
            K::Field(_, f) => self.env.program.field(*f).is_ghost,
            _ => false,
        }
    }

    /// What an assignment writes; final fields only in their constructors.
    fn target(&mut self, e: &ast::Expr) -> Option<Target> {
        if !matches!(e.kind, A::Name(_) | A::Select(..) | A::Index(..)) {
            return self.err(
                ErrorCode::TypeMismatch,
                e.span,
                "cannot assign to this expression",
            );
        }
        if let Some(name) = self.constant_named(e) {
            let msg = format!("{name} is a static final field: it cannot be written");
            return self.err(ErrorCode::FinalWrite, e.span, msg);
        }
        self.assigning = matches!(e.kind, A::Name(_));
        let x = self.expr(e, None);
        self.assigning = false;
        let x = x?;
        match x.kind {
            K::Local(name) => Some(Target::Local(name, x.ty)),
            K::Field(recv, f) => {
                let field = self.env.program.field(f);
                if field.is_final && !(self.in_ctor && self.class == Some(field.class)) {
                    let class = &self.env.program.class(field.class).name;
                    let msg = format!(
                        "final field {} can only be written in a constructor of {class}",
                        field.name
                    );
                    return self.err(ErrorCode::FinalWrite, e.span, msg);
                }
                Some(Target::Field(*recv, f, x.ty))
            }
            K::ArrayIndex(a, i) => Some(Target::Index(*a, *i, x.ty)),
            _ => self.err(
                ErrorCode::TypeMismatch,
                e.span,
                "cannot assign to this expression",
            ),
        }
    }
}

/// `target = call` / `target = new T[n]`.
impl Rhs {
    /// The type of the value it gives.
    pub(super) fn ty(&self) -> Type {
        match self {
            Rhs::Pure(x) => x.ty.clone(),
            Rhs::Call(_, t) => t.clone(),
            Rhs::NewArray(e, dims) => dims.iter().fold(e.clone(), |t, _| Type::Array(Box::new(t))),
        }
    }
}

pub(super) fn call_into(target: Name, rhs: Rhs) -> S {
    match rhs {
        Rhs::Call(call, _) => S::Call {
            target: Some(target),
            call: Box::new(call),
        },
        Rhs::NewArray(elem, dims) => S::NewArray { target, elem, dims },
        Rhs::Pure(x) => S::AssignLocal(target, x),
    }
}
