//! `synchronized`: the reentrant acquire and release steps.

use super::*;

impl Calvin {
    /// `synchronized (o) { B }`: `o` once into a local; whether the thread
    /// holds the monitor already (`o.holder == tid`: stable under the
    /// environment by the monitor rule, so reading it is no race); if not,
    /// the acquire `<o.holder == 0; o.holder = tid>` as one step; B; the
    /// release `<o.holder = 0>` if the block took it (also at a return or a
    /// jump out of B).
    pub(super) fn synchronized(
        &self,
        lock: Expr,
        body: Block,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let Some(lock) = self.hoist(lock, span, cx, out) else {
            return;
        };
        let Type::Class(c) = lock.ty else {
            cx.errs
                .push(Diagnostic::not_supported(span, "this monitor"));
            return;
        };
        let Some(&h) = cx.p.features.monitor_owner.get(&c) else {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a monitor of a class outside the Calvin program",
            ));
            return;
        };
        let lock = if matches!(lock.kind, K::This) {
            lock
        } else {
            cx.read_into_local(lock, span, out)
        };
        out.push(check_non_null(lock.clone(), FailureCode::LockNull, span));
        let holder = Expr::new(K::Field(Box::new(lock.clone()), h), Type::Int, span);
        let held = eq(holder.clone(), tid_expr(span));
        let reentered = cx.read_into_local(held, span, out);
        let K::Local(re) = reentered.kind else {
            unreachable!("a local")
        };
        // acquire: <holder == 0 && holder' == tid>, unless held already
        let mut acquire = Vec::new();
        self.write_step(
            super::acquire(&lock, h, &holder, tid_expr(span), span),
            span,
            cx,
            &mut acquire,
        );
        out.push(st(S::If {
            cond: Expr::new(
                K::Unary(crate::syntax::ast::UnOp::Not, Box::new(reentered)),
                Type::Bool,
                span,
            ),
            then: Block {
                stmts: acquire,
                span,
            },
            els: None,
        }));
        let mut labels = HashSet::new();
        crate::core::visit::each_stmt(&body, &mut |x| {
            if let S::Label(l) = &x.kind {
                labels.insert(*l);
            }
        });
        cx.monitors.push(Monitor {
            lock,
            holder: h,
            reentered: re,
            labels,
        });
        let b = self.sub(body, cx);
        out.push(st(S::Block(b)));
        let k = cx.monitors.len() - 1;
        self.release(k, span, cx, out);
        cx.monitors.pop();
    }

    /// The release of the `k`-th enclosing monitor, if its block took it:
    /// `<o.holder = 0>`, one step.
    pub(super) fn release(&self, k: usize, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let st = |kind| Stmt { kind, span };
        let m = &cx.monitors[k];
        let (lock, h, re) = (m.lock.clone(), m.holder, m.reentered);
        let mut release = Vec::new();
        self.write_step(
            vec![st(S::AssignField {
                recv: Box::new(lock),
                field: h,
                value: int(0, span),
            })],
            span,
            cx,
            &mut release,
        );
        let reentered = Expr::new(K::Local(re), Type::Bool, span);
        out.push(st(S::If {
            cond: Expr::new(
                K::Unary(crate::syntax::ast::UnOp::Not, Box::new(reentered)),
                Type::Bool,
                span,
            ),
            then: Block {
                stmts: release,
                span,
            },
            els: None,
        }));
    }
}
