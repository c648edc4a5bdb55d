//! Method abstractions (Calvin §6.3): reading them, checking a body simulates one, inlining one at a call.

use super::*;

/// Ties each `modifies`/`action:` annotation to the method whose prefix holds
/// it (the first method of its class that ends after it), in source order.
pub(super) fn abstractions(
    p: &Program,
    classes: &[ClassId],
    mut frames: Vec<(ClassId, Span, Expr, Vec<Expr>)>,
    errs: &mut Vec<Diagnostic>,
) -> HashMap<MethodId, Abstraction> {
    frames.sort_by_key(|f| (f.1.file.0, f.1.start));
    let mut abs: HashMap<MethodId, Abstraction> = HashMap::new();
    let new = |m: &crate::core::Method| Abstraction {
        pre: m.contract.requires.clone(),
        modifies: m.contract.modifies.clone(),
        actions: Vec::new(),
        post: m.contract.ensures.clone(),
        params: m.params.iter().map(|v| v.name).collect(),
    };
    for (i, m) in p.methods.iter().enumerate() {
        if !m.contract.modifies.is_empty() {
            only_fields(&m.contract.modifies, errs);
            abs.insert(MethodId(i as u32), new(m));
        }
    }
    for (class, span, action, locs) in frames {
        let owner = p
            .methods
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m.class == Some(class)
                    && classes.contains(&class)
                    && !m.is_constructor
                    && m.span.file == span.file
                    && m.span.end > span.end
            })
            .min_by_key(|(_, m)| m.span.end);
        let Some((i, m)) = owner else {
            errs.push(Diagnostic::not_supported(
                span,
                "a method abstraction that precedes no method",
            ));
            continue;
        };
        only_fields(&locs, errs);
        let a = abs.entry(MethodId(i as u32)).or_insert_with(|| new(m));
        a.actions.push((action, locs));
    }
    abs
}

/// A method abstraction names fields: `x` or `o.x`.
pub(super) fn only_fields(locs: &[Expr], errs: &mut Vec<Diagnostic>) {
    for l in locs {
        if !matches!(l.kind, K::Field(..)) {
            errs.push(Diagnostic::not_supported(
                l.span,
                "this location in a method abstraction (a field, `x` or `o.x`)",
            ));
        }
    }
}

/// A `modifies` clause means a method abstraction's frame, only in the
/// classes of a Calvin program; anywhere else weft does not check it, so it
/// says so instead of ignoring it.
pub(super) fn refuse_frames(p: &mut Program, classes: &[ClassId], errs: &mut Vec<Diagnostic>) {
    for m in &mut p.methods {
        let calvin = m.class.is_some_and(|c| classes.contains(&c)) && !m.is_constructor;
        if !calvin {
            for e in std::mem::take(&mut m.contract.modifies) {
                errs.push(Diagnostic::not_supported(
                    e.span,
                    "`modifies` outside a history model or a Calvin class (one with env_assumption, global_invariant or unwritable_by_env_if)",
                ));
            }
        }
    }
}

impl Calvin {
    /// The step that began at `label` is the abstraction's next action
    /// (`pc == i && e_i && only c ∪ v_i changed`: pc moves on) or a stutter
    /// (only `c` changed), or the body does not simulate the abstraction.
    pub(super) fn simulates(
        &self,
        a: &Abstraction,
        pc_name: &Name,
        label: &Name,
        span: Span,
        p: &Program,
    ) -> Stmt {
        let st = |kind| Stmt { kind, span };
        let pc = Expr::new(K::Local(*pc_name), Type::Int, span);
        // A stutter: only c changes, and the guarantee holds (an action's
        // guarantee is checked where it is called, as Calvin inlines it).
        let mut stutter = vec![st(S::Check {
            exhale: false,
            expr: self.frame(&a.modifies, label, span),
            code: FailureCode::Abstraction,
        })];
        self.guarantee(p, label, span, &mut stutter);
        let mut chain = st(S::Block(Block {
            stmts: stutter,
            span,
        }));
        for (i, (e, also)) in a.actions.iter().enumerate().rev() {
            let mut locs = a.modifies.clone();
            locs.extend(also.iter().cloned());
            let e = at_label(subst_tid(e.clone(), &tid_expr(span)), label);
            let cond = and(
                and(eq(pc.clone(), int(i as i64 + 1, span)), e),
                self.frame(&locs, label, span),
            );
            chain = st(S::If {
                cond,
                then: Block {
                    stmts: vec![st(S::AssignLocal(*pc_name, int(i as i64 + 2, span)))],
                    span,
                },
                els: Some(Block {
                    stmts: vec![chain],
                    span,
                }),
            });
        }
        chain
    }

    /// Whether the body declares the pc first (`int pc = 1`) and never
    /// assigns it (an assignment is an error).
    pub(super) fn user_pc(&self, b: &Block, cx: &mut Cx) -> bool {
        let pc = Name::from(USER_PC);
        let declared = matches!(
            b.stmts.first(),
            Some(Stmt { kind: S::Local(v, Some(Expr { kind: K::Int(i), .. })), .. })
                if v.name == pc && *i == crate::int::IntValue::from(1i128)
        );
        if !declared {
            return false;
        }
        crate::core::visit::each_stmt(b, &mut |x| {
            if matches!(&x.kind, S::AssignLocal(n, _) if *n == pc) {
                cx.errs.push(Diagnostic::not_supported(
                    x.span,
                    "an assignment of the abstraction's program counter `pc`",
                ));
            }
        });
        true
    }

    /// At the end of an abstracted body: every action happened.
    pub(super) fn all_actions_done(&self, cx: &Cx, span: Span, out: &mut Vec<Stmt>) {
        if let Some(a) = cx.abs {
            let pc = Expr::new(K::Local(cx.pc), Type::Int, span);
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: eq(pc, int(a.actions.len() as i64 + 1, span)),
                    code: FailureCode::Abstraction,
                },
                span,
            });
        }
    }

    /// Every shared location but `locs` keeps its value from `label`.
    pub(super) fn frame(&self, locs: &[Expr], label: &Name, span: Span) -> Expr {
        let mut all = Expr::bool(true, span);
        for (c, f, ty) in &self.shared {
            // An allocation is no change of the abstract state.
            if self.alloc.get(c) == Some(f) {
                continue;
            }
            let var = Var {
                name: Name::from("weft_calvin_o"),
                ty: Type::Class(*c),
                span,
            };
            let o = Expr::new(K::Local(var.name), var.ty.clone(), span);
            let mut cond = non_null(o.clone(), span);
            for l in locs {
                if let K::Field(r, g) = &l.kind {
                    if g == f {
                        cond = and(
                            cond,
                            binary(BinOp::Ne, o.clone(), (**r).clone(), Type::Bool),
                        );
                    }
                }
            }
            let read = Expr::new(K::Field(Box::new(o), *f), ty.clone(), span);
            let same = eq(read.clone(), old(Some(*label), read));
            let q = Expr::new(
                K::Quant {
                    q: Quantifier::Forall,
                    vars: vec![var].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies(cond, same)),
                },
                Type::Bool,
                span,
            );
            all = and(all, q);
        }
        all
    }

    /// A call of a method with an abstraction: its steps, each after the
    /// environment (`pre`; E*; K*; (a_1; E*; K*) … (a_n; E*; K*); `post`),
    /// where K* is the callee's stutter steps interleaved with the
    /// environment's ([`Calvin::stutter`]; nothing when `c` is empty).
    pub(super) fn call_abs(
        &self,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let a = &self.abs[&call.method];
        let st = |kind| Stmt { kind, span };
        let c = modified_fields(&a.modifies);
        if !c.is_empty() && cx.abs.is_some() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method whose abstraction `modifies` locations (its stutter steps) in a body checked against an abstraction",
            ));
            return;
        }
        if !c.is_empty() && !cx.unpublished.is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method whose abstraction `modifies` locations (its stutter steps) while the thread holds an object it allocated and has not published",
            ));
            return;
        }
        let hoist = |x| self.hoist(x, span, cx, out);
        let Some((recv, args)) = call_operands(call.recv, call.args, hoist) else {
            return;
        };
        let sub = |e: &Expr| {
            let e = subst_tid(e.clone(), &tid_expr(span));
            let e = match &recv {
                Some(r) => subst_this(e, r),
                None => e,
            };
            map_expr(e, &mut |x| match &x.kind {
                K::Local(n) => match a.params.iter().position(|p| p == n) {
                    Some(i) if i < args.len() => Expr {
                        span: x.span,
                        ..args[i].clone()
                    },
                    _ => x,
                },
                _ => x,
            })
        };
        if let Some(r) = &recv {
            out.push(check_non_null(r.clone(), FailureCode::Abstraction, span));
        }
        for e in &a.pre {
            out.push(st(S::Check {
                exhale: false,
                expr: sub(e),
                code: FailureCode::PreFailed(crate::diag::Reason::False),
            }));
        }
        let start = self.label("call", &mut cx.fresh);
        out.push(st(S::Label(start)));
        self.env(cx, span, out);
        self.stutter(&c, cx, span, out);
        for (e, also) in &a.actions {
            let q = self.label("action", &mut cx.fresh);
            out.push(st(S::Label(q)));
            out.push(st(S::Havoc(self.all_perms(cx.p, span))));
            let also: Vec<Expr> = (a.modifies.iter().chain(also)).map(&sub).collect();
            out.push(st(S::Assume(self.frame(&also, &q, span))));
            out.push(st(S::Assume(at_label(sub(e), &q))));
            // In an abstracted body the inlined action is a step of its own
            // simulation too.
            match cx.abs {
                Some(mine) => out.push(self.simulates(mine, &cx.pc, &q, span, cx.p)),
                None => self.guarantee(cx.p, &q, span, out),
            }
            self.env(cx, span, out);
            self.stutter(&c, cx, span, out);
        }
        for e in &a.post {
            out.push(st(S::Assume(at_label(sub(e), &start))));
        }
    }

    /// The callee's stutter steps `(G ∧ I' ∧ only c changes)*`, interleaved
    /// with the environment's E(tid)* (Calvin §6.3), as one block: any state
    /// where I holds and the clauses of E(tid) that read none of `c` relate
    /// the block's start to it. Each step keeps that relation: an
    /// environment step is E(tid), and those clauses together are reflexive
    /// and transitive (`env_stutter_m`, made with E's own check); a stutter
    /// changes none of the fields they read. So the block allows every
    /// state the interleaving reaches (and more).
    pub(super) fn stutter(&self, c: &[FieldId], cx: &mut Cx, span: Span, out: &mut Vec<Stmt>) {
        if !c.is_empty() {
            self.yield_without(cx.p, span, &mut cx.fresh, "stutter", c, out);
        }
    }

    /// For each abstraction with stutter steps, the check that the clauses
    /// of E its stutter block assumes are reflexive and transitive.
    pub(super) fn stutter_checks(&self, p: &Program, m: MethodId, span: Span) -> Vec<Method> {
        let mut abs: Vec<(&MethodId, &Abstraction)> = self.abs.iter().collect();
        abs.sort_by_key(|(id, _)| **id);
        abs.into_iter()
            .filter(|(_, a)| !a.modifies.is_empty())
            .map(|(id, a)| {
                let name = format!("env_stutter_{}", p.method(*id).name);
                self.refl_trans_without(p, m, span, &modified_fields(&a.modifies), &name)
            })
            .collect()
    }
}

/// The fields of an abstraction's `modifies` locations.
fn modified_fields(locs: &[Expr]) -> Vec<FieldId> {
    let mut out = Vec::new();
    for l in locs {
        if let K::Field(_, f) = &l.kind {
            if !out.contains(f) {
                out.push(*f);
            }
        }
    }
    out
}
