//! Atomic steps: how many shared reads an expression makes, splitting them into steps, write steps, `atomic:` blocks.

use super::*;

impl Calvin {
    /// How many times `e` reads the shared state (a ghost field's read is
    /// no access of its own: it belongs to the step it is part of).
    pub(super) fn reads(&self, e: &Expr) -> usize {
        let mut n = 0;
        self.count(e, &mut n);
        n
    }

    /// Whether `f` is a shared field whose access is a step.
    pub(super) fn is_step_field(&self, f: &FieldId) -> bool {
        !self.ghost.contains(f) && self.shared.iter().any(|(_, g, _)| g == f)
    }

    /// An element of an array whose type no shared field has is nobody's:
    /// the thread holds no permission to it, so it is refused at once.
    pub(super) fn refuse_other_arrays(&self, b: &mut Block, errs: &mut Vec<Diagnostic>) {
        let mut check = |e: &Expr| {
            let other =
                |x: &Expr| matches!(&x.kind, K::ArrayIndex(a, _) if !self.arrays.contains(&a.ty));
            if let Some(x) = crate::core::visit::find(e, &other) {
                errs.push(Diagnostic::not_supported(
                    x.span,
                    "an element of an array of a type no shared field has, in a Calvin thread",
                ));
            }
        };
        crate::core::visit::map_body_exprs(b, &mut |e| {
            check(&e);
            e
        });
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::AssignIndex { array, .. } = &s.kind {
                if !self.arrays.contains(&array.ty) {
                    errs.push(Diagnostic::not_supported(
                        s.span,
                        "a write of an element of an array of a type no shared field has, in a Calvin thread",
                    ));
                }
            }
        });
    }

    /// Whether `e` itself (not its operands) reads the shared state: a
    /// shared field, or an element of a shared array.
    pub(super) fn is_step_read(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Field(_, f) => self.is_step_field(f),
            K::ArrayIndex(a, _) => self.arrays.contains(&a.ty),
            _ => false,
        }
    }

    pub(super) fn count(&self, e: &Expr, n: &mut usize) {
        if self.is_step_read(e) {
            *n += 1;
        }
        each_child(e, &mut |x| self.count(x, n));
    }

    /// `e`'s reads of the shared state as steps of their own, in evaluation
    /// order (each into a fresh local, the environment before it); what is
    /// left reads at most once (then after the environment). Under `&&`,
    /// `||`, `==>` and `?:` a read is not split off (it may not happen).
    pub(super) fn linearize(
        &self,
        e: Expr,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        match self.reads(&e) {
            0 => return Some(e),
            1 => {
                self.env(cx, span, out);
                return Some(e);
            }
            _ => {}
        }
        if self.conditional_read(&e) {
            cx.errs.push(Diagnostic::not_supported(
                e.span,
                "an expression that reads the shared state more than once, once under `&&`, `||`, `==>` or `?:`, in a step of a Calvin thread (read it into locals first)",
            ));
            return None;
        }
        Some(map_expr(e, &mut |x| {
            if self.is_step_read(&x) {
                self.env(cx, span, out);
                cx.read_into_local(x, span, out)
            } else {
                x
            }
        }))
    }

    /// `e`, when it reads the shared state at most once (the step it is
    /// part of makes that read).
    pub(super) fn one_read(&self, e: Expr, cx: &mut Cx) -> Option<Expr> {
        if self.reads(&e) <= 1 {
            return Some(e);
        }
        cx.errs.push(Diagnostic::not_supported(
            e.span,
            "a ghost field's write whose value reads the shared state more than once, in a Calvin thread",
        ));
        None
    }

    /// Whether a shared read in `e` is evaluated only on some paths.
    pub(super) fn conditional_read(&self, e: &Expr) -> bool {
        let here = match &e.kind {
            K::Binary(BinOp::And | BinOp::Or | BinOp::Implies, _, r) => self.reads(r) > 0,
            K::Cond(_, a, b) => self.reads(a) + self.reads(b) > 0,
            _ => false,
        };
        let mut below = false;
        each_child(e, &mut |x| below |= self.conditional_read(x));
        here || below
    }

    /// One read step: at most one shared read, the environment before it.
    pub(super) fn read_step(&self, e: &Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> bool {
        match self.reads(e) {
            0 => true,
            1 => {
                self.env(cx, span, out);
                true
            }
            _ => {
                cx.errs.push(Diagnostic::not_supported(
                    e.span,
                    "a loop condition that reads the shared state more than once in a Calvin thread (read it into locals first)",
                ));
                false
            }
        }
    }

    /// `e` with its shared reads as steps before it, and what is left read
    /// into a fresh local (so that the next step reads nothing).
    pub(super) fn hoist(
        &self,
        e: Expr,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let e = self.linearize(e, span, cx, out)?;
        if self.reads(&e) == 0 {
            return Some(e);
        }
        Some(cx.read_into_local(e, span, out))
    }

    /// An own step that writes the shared state: the environment, the step, the guarantee.
    pub(super) fn write_step(&self, step: Vec<Stmt>, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        self.env(cx, span, out);
        let label = self.label("step", &mut cx.fresh);
        out.push(Stmt {
            kind: S::Label(label),
            span,
        });
        out.extend(step);
        match cx.abs {
            Some(a) => out.push(self.simulates(a, &cx.pc, &label, span, cx.p)),
            None => self.guarantee(cx.p, &label, span, out),
        }
    }

    /// `atomic: { B }`: one step, the environment before it and the
    /// guarantee after it (if it writes the shared state). B is straight-line
    /// code with conditionals: no loop, call, monitor or jump.
    pub(super) fn atomic(&self, b: Block, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let mut bad = None;
        let mut writes = false;
        crate::core::visit::each_stmt(&b, &mut |x| match &x.kind {
            S::While { .. }
            | S::Call { .. }
            | S::Synchronized { .. }
            | S::Goto(_)
            | S::Return(_) => bad = bad.or(Some(x.span)),
            S::AssignField { .. } => writes = true,
            _ => {}
        });
        if let Some(at) = bad {
            cx.errs.push(Diagnostic::not_supported(
                at,
                "a loop, call, monitor or jump inside `atomic:` in a Calvin thread",
            ));
            return;
        }
        let mut b = b;
        // A step inside the step is part of it.
        sequential_steps(&mut b);
        let step = vec![Stmt {
            kind: S::Block(named_step(b, span)),
            span,
        }];
        if writes {
            self.write_step(step, span, cx, out);
        } else {
            self.env(cx, span, out);
            out.extend(step);
        }
    }
}
