//! Calls inside expressions (`int x = next() + next();`, `if (o != null &&
//! o.tryTake())`, `return a.get() + 1;`): each method call, `new C(…)` and
//! array creation in a statement's expression runs as a statement of its
//! own just before that statement, into a fresh local that the expression
//! then reads. The rest of the pipeline sees only call statements.
//!
//! Java evaluates operands left to right, so an operand before a call that
//! reads the heap (which the call may change) is read into a local before
//! the call, and so is the receiver, array and index of an assigned field
//! or element. A call on the right of `&&`, `||` or `==>`, or in a branch
//! of `?:`, runs only when Java would evaluate it: the operator becomes an
//! `if` around it. A `while` or `for` condition's calls are the loop's
//! `head` (`Body::loop_cond`), which `passes::loops` runs at the head of
//! every iteration (`while (true) { calls; if (!c) break; body }`, the
//! invariant still before the condition). Specifications
//! stay pure (a call there is refused), and so do a `do … while` condition
//! and a range loop's bounds (not supported yet).

use super::body::Body;
use super::call::Rhs;
use super::stmt::call_into;
use crate::core::{self, Expr, ExprKind as K, Stmt, StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast::{self, BinOp, UnOp};
use crate::syntax::span::Span;

impl Body<'_> {
    /// Whether a call inside an expression is lifted here: in a statement's
    /// own expressions, outside specifications and loop conditions.
    pub(super) fn lifting(&self) -> bool {
        self.lifted.is_some() && !self.spec
    }

    /// Runs `f` where calls inside expressions are not lifted (a loop
    /// condition, `where` names it): such a call is refused.
    pub(super) fn unlifted<T>(&mut self, place: &'static str, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = (self.lifted.take(), self.unlifted_in.replace(place));
        let out = f(self);
        (self.lifted, self.unlifted_in) = outer;
        out
    }

    /// Checks one statement's expressions with a buffer of their lifted
    /// calls; returns the statements to run before it.
    pub(super) fn with_lifting(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        let outer = self.lifted.replace(Vec::new());
        let updated = std::mem::take(&mut self.updated);
        f(self);
        self.updated = updated;
        std::mem::replace(&mut self.lifted, outer).unwrap_or_default()
    }

    /// `x++`, `x--` (`old`: the expression is the value before) or `++x`,
    /// `--x` inside an expression: `t = x; x = x ± 1` run before the
    /// statement (or `x = x ± 1; t = x`), and the expression reads `t`.
    /// The target is evaluated twice (read, then written): one with a call
    /// or another increment in it is not supported.
    pub(super) fn lift_update(
        &mut self,
        target: &ast::Expr,
        value: &ast::Expr,
        old: bool,
        span: Span,
    ) -> Option<Expr> {
        if let Some(inner) = impure_part(target) {
            return self.err(
                ErrorCode::NotSupported,
                inner.span,
                "not supported yet: a call or an increment inside the target of an increment",
            );
        }
        let read = |b: &mut Self| -> Option<Expr> {
            let x = b.expr(target, None)?;
            let var = b.fresh_lifted(x.ty.clone(), span);
            let t = Expr::new(K::Local(var.name), var.ty.clone(), span);
            b.push_lifted(S::Local(var, Some(x)), span);
            Some(t)
        };
        let before = if old { Some(read(self)?) } else { None };
        let assign = ast::Stmt {
            kind: ast::StmtKind::Assign {
                target: target.clone(),
                value: value.clone(),
            },
            span,
        };
        let mut stmts = Vec::new();
        self.stmt(&assign, &mut stmts);
        for s in stmts {
            if let S::AssignLocal(n, _) = &s.kind {
                self.updated.push(*n);
            }
            self.push_lifted(s.kind, s.span);
        }
        match before {
            Some(t) => Some(t),
            None => read(self),
        }
    }

    /// `e /*@ then S */` inside a statement's expression: `t = e; S` run
    /// before the statement (after what `e` lifted itself), and the
    /// expression reads `t`. So `S` runs once `e` is evaluated and before
    /// its value is used, and an operand before it that reads the heap is
    /// read before `S` as before a call (`before_lifted`).
    pub(super) fn lift_then(
        &mut self,
        e: &ast::Expr,
        then: &[ast::Stmt],
        hint: Option<&Type>,
        span: Span,
    ) -> Option<Expr> {
        let x = self.expr(e, hint)?;
        let var = self.fresh_lifted(x.ty.clone(), e.span);
        let t = Expr::new(K::Local(var.name), var.ty.clone(), e.span);
        self.push_lifted(S::Local(var, Some(x)), e.span);
        let stmts = self.then_stmts(then, span);
        let block = core::Block { stmts, span };
        crate::core::visit::each_stmt(&block, &mut |s| {
            if let S::AssignLocal(n, _) = &s.kind {
                self.updated.push(*n);
            }
        });
        for s in block.stmts {
            self.push_lifted(s.kind, s.span);
        }
        Some(t)
    }

    /// The statements `S` of `e /*@ then S */`, checked as ghost code
    /// (`Body::in_ghost`: no method of the program, no write of its state)
    /// in the enclosing scope. They may not leave it (`return`, `throw`, a
    /// `break`, `continue` or `goto` to a label outside `S`): the value of
    /// `e` is still to be used.
    pub(super) fn then_stmts(&mut self, then: &[ast::Stmt], span: Span) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        self.in_ghost(|b| {
            for s in then {
                b.stmt(s, &mut stmts);
            }
        });
        let block = core::Block { stmts, span };
        // The labels, loops and labelled statements inside: a jump to one stays in.
        let (mut labels, mut loops) = (Vec::new(), Vec::new());
        crate::core::visit::each_stmt(&block, &mut |s| match &s.kind {
            S::Label(l) => labels.push(*l),
            S::Loop { id, .. }
            | S::ForRange { id, .. }
            | S::DoWhile { id, .. }
            | S::Labelled { id, .. } => loops.push(*id),
            _ => {}
        });
        let mut exits = Vec::new();
        crate::core::visit::each_stmt(&block, &mut |s| match &s.kind {
            S::Return(_) | S::Throw(_) => exits.push(s.span),
            S::Goto(l) if !labels.contains(l) => exits.push(s.span),
            S::Break(id) | S::Continue(id) if !loops.contains(id) => exits.push(s.span),
            _ => {}
        });
        for at in exits {
            let msg = "the ghost statements after an expression (`then`) may not return, throw \
                       or jump out of them: the expression's value is still to be used";
            self.err::<()>(ErrorCode::Misplaced, at, msg);
        }
        block.stmts
    }

    /// How many statements are lifted so far (a position in the buffer).
    pub(super) fn lift_mark(&self) -> usize {
        self.lifted.as_ref().map_or(0, Vec::len)
    }

    /// Runs `f` (an operand Java may not evaluate) with a buffer of its
    /// own; returns its result and the statements it lifted.
    pub(super) fn guarded<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, Vec<Stmt>) {
        let outer = self.lifted.as_mut().map(std::mem::take);
        let out = f(self);
        let inner = match (outer, self.lifted.as_mut()) {
            (Some(outer), Some(cur)) => std::mem::replace(cur, outer),
            _ => Vec::new(),
        };
        (out, inner)
    }

    /// A call, `new` or array creation run before the statement, into a
    /// fresh local: the expression it stood in reads the local.
    pub(super) fn lift(&mut self, rhs: Rhs, span: Span) -> Option<Expr> {
        let ty = match rhs {
            Rhs::Pure(x) => return Some(x),
            Rhs::Call(_, Type::Void) => {
                return self.err(
                    ErrorCode::TypeMismatch,
                    span,
                    "this method returns nothing: it cannot stand in an expression",
                )
            }
            ref rhs => rhs.ty(),
        };
        let var = self.fresh_lifted(ty, span);
        let target = var.name;
        let x = Expr::new(K::Local(target), var.ty.clone(), span);
        self.push_lifted(S::Local(var, None), span);
        self.push_lifted(call_into(target, rhs), span);
        Some(x)
    }

    /// `e`, evaluated before the statements lifted since `mark`: if it
    /// reads the heap (which those calls may change), it is read into a
    /// local at `mark`, and the local stands for it.
    pub(super) fn before_lifted(&mut self, e: Expr, mark: usize) -> Expr {
        if self.lift_mark() <= mark {
            return e;
        }
        self.snapshot(e, mark)
    }

    /// `e` read into a local at `mark` (before the calls lifted after it),
    /// unless it reads nothing a call can change.
    pub(super) fn snapshot(&mut self, e: Expr, mark: usize) -> Expr {
        if (stable(&e) && !reads_any(&e, &self.updated)) || self.lifted.is_none() {
            return e;
        }
        let span = e.span;
        let var = self.fresh_lifted(e.ty.clone(), span);
        let x = Expr::new(K::Local(var.name), var.ty.clone(), span);
        if let Some(buf) = self.lifted.as_mut() {
            buf.insert(
                mark,
                Stmt {
                    kind: S::Local(var, Some(e)),
                    span,
                },
            );
        }
        x
    }

    /// `l op r` (`&&`, `||` or `==>`) whose right operand lifted `stmts`:
    /// `t = l; if (t) { stmts; t = r }` for `&&`, `if (!t)` for `||`, and
    /// `t = true; if (l) { stmts; t = r }` for `==>`.
    pub(super) fn short_circuit(
        &mut self,
        op: BinOp,
        l: Expr,
        r: Expr,
        stmts: Vec<Stmt>,
        span: Span,
    ) -> Option<Expr> {
        if l.ty != Type::Bool || r.ty != Type::Bool {
            let msg = format!("operator {} needs booleans on both sides", op.symbol());
            return self.err(ErrorCode::TypeMismatch, span, msg);
        }
        let var = self.fresh_lifted(Type::Bool, span);
        let t = var.name;
        let x = Expr::new(K::Local(t), Type::Bool, span);
        let (init, cond) = match op {
            BinOp::And => (l, x.clone()),
            BinOp::Or => (
                l,
                Expr::new(K::Unary(UnOp::Not, Box::new(x.clone())), Type::Bool, span),
            ),
            _ => (Expr::bool(true, span), l),
        };
        let mut then = stmts;
        then.push(Stmt {
            kind: S::AssignLocal(t, r),
            span,
        });
        self.push_lifted(S::Local(var, Some(init)), span);
        let then = core::Block { stmts: then, span };
        self.push_lifted(
            S::If {
                cond,
                then,
                els: None,
            },
            span,
        );
        Some(x)
    }

    /// `c ? a : b` whose branches lifted `sa` and `sb`: `t; if (c) { sa; t =
    /// a } else { sb; t = b }`.
    pub(super) fn lifted_cond(
        &mut self,
        c: Expr,
        (a, sa): (Expr, Vec<Stmt>),
        (b, sb): (Expr, Vec<Stmt>),
        ty: Type,
        span: Span,
    ) -> Expr {
        let var = self.fresh_lifted(ty, span);
        let t = var.name;
        let x = Expr::new(K::Local(t), var.ty.clone(), span);
        let branch = |mut stmts: Vec<Stmt>, v: Expr| {
            stmts.push(Stmt {
                kind: S::AssignLocal(t, v),
                span,
            });
            core::Block { stmts, span }
        };
        let (then, els) = (branch(sa, a), branch(sb, b));
        self.push_lifted(S::Local(var, None), span);
        self.push_lifted(
            S::If {
                cond: c,
                then,
                els: Some(els),
            },
            span,
        );
        x
    }

    fn fresh_lifted(&mut self, ty: Type, span: Span) -> core::Var {
        let var = self.scopes.fresh("call", ty, span);
        if self.ghost {
            self.ghost_locals.insert(var.name);
        }
        var
    }

    fn push_lifted(&mut self, kind: S, span: Span) {
        if let Some(buf) = self.lifted.as_mut() {
            buf.push(Stmt { kind, span });
        }
    }
}

/// Whether `e` reads one of the locals `names`.
fn reads_any(e: &Expr, names: &[crate::name::Name]) -> bool {
    !names.is_empty()
        && crate::core::visit::find(e, &|x| matches!(&x.kind, K::Local(n) if names.contains(n)))
            .is_some()
}

/// A call, object or array creation, or increment in `e`.
fn impure_part(e: &ast::Expr) -> Option<&ast::Expr> {
    use ast::ExprKind as A;
    if matches!(
        e.kind,
        A::Call(_) | A::New(_) | A::NewGeneric(_) | A::NewArray(..) | A::Update(..)
    ) {
        return Some(e);
    }
    match &e.kind {
        A::Select(x, _) => impure_part(x),
        A::Index(a, i) => impure_part(a).or_else(|| impure_part(i)),
        A::Unary(_, x) => impure_part(x),
        A::Binary(_, a, b) => impure_part(a).or_else(|| impure_part(b)),
        A::Cond(c, a, b) => impure_part(c)
            .or_else(|| impure_part(a))
            .or_else(|| impure_part(b)),
        _ => None,
    }
}

/// Whether reading `e` gives the same value after a call: it reads no
/// field, element or function of the heap (locals and `this` cannot change).
fn stable(e: &Expr) -> bool {
    crate::core::visit::find(e, &|x| {
        !matches!(
            x.kind,
            K::Local(_) | K::This | K::Int(_) | K::Bool(_) | K::Null | K::Unary(..) | K::Binary(..)
        )
    })
    .is_none()
}
