//! The environment and the guarantee: the shared state's permissions, E* as a yield, the checks after an own step, E's reflexivity and transitivity.

use super::*;

/// The array types of the shared fields, each once: every element of every
/// array of such a type is shared.
pub(super) fn array_types(shared: &[(ClassId, FieldId, Type)]) -> Vec<Type> {
    let mut out: Vec<Type> = Vec::new();
    for (_, _, ty) in shared {
        if matches!(ty, Type::Array(_)) && !out.contains(ty) {
            out.push(ty.clone());
        }
    }
    out
}

/// Write permission to every element of every array of each type:
/// `forall* a: T[], k: int :: a != null && 0 <= k && k < a.length ==>
/// Perm(a[k], write)` (injective: an element is one array's, at one index).
pub(super) fn element_perms(arrays: &[Type], span: Span) -> Vec<Expr> {
    arrays
        .iter()
        .filter_map(|ty| {
            let Type::Array(elem) = ty else { return None };
            let a = Var {
                name: Name::from("weft_calvin_a"),
                ty: ty.clone(),
                span,
            };
            let k = Var {
                name: Name::from("weft_calvin_k"),
                ty: Type::Int,
                span,
            };
            let ae = Expr::new(K::Local(a.name), ty.clone(), span);
            let ke = Expr::new(K::Local(k.name), Type::Int, span);
            let len = Expr::new(
                K::Builtin(crate::core::Builtin::ArrayLength, vec![ae.clone()]),
                Type::Int,
                span,
            );
            let range = and(
                non_null(ae.clone(), span),
                and(
                    binary(BinOp::Le, int(0, span), ke.clone(), Type::Bool),
                    binary(BinOp::Lt, ke.clone(), len, Type::Bool),
                ),
            );
            let loc = Expr::new(
                K::ArrayIndex(Box::new(ae), Box::new(ke)),
                (**elem).clone(),
                span,
            );
            let perm = write_perm(loc, span);
            Some(Expr::new(
                K::Quant {
                    q: Quantifier::ForallStar,
                    vars: vec![a, k].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies(range, perm)),
                },
                Type::Resource,
                span,
            ))
        })
        .collect()
}

impl Calvin {
    /// `I` for every object.
    pub(super) fn invariant(&self, p: &Program, span: Span) -> Expr {
        let _ = p;
        self.inv
            .iter()
            .map(|c| every_object(c.class, c.expr.clone(), "weft_calvin_o"))
            .reduce(and)
            .unwrap_or_else(|| Expr::bool(true, span))
    }

    pub(super) fn perms(&self, _: &Program, span: Span) -> Vec<Expr> {
        let mut all = all_perms(&self.shared, span);
        all.extend(element_perms(&self.arrays, span));
        all
    }

    /// The permissions as one assertion: what [`S::Havoc`] gives up and
    /// takes back.
    pub(super) fn all_perms(&self, p: &Program, span: Span) -> Expr {
        all_of(self.perms(p, span), span)
    }

    /// `E(j)`'s clauses for thread `j`, two-state from `label`.
    pub(super) fn env_of(&self, j: &Expr, label: &Name) -> Vec<(Expr, FailureCode)> {
        self.env_without(j, label, &[])
    }

    /// The clauses of `E(j)` that read none of `fields`, two-state from
    /// `label`: what steps that change only those fields keep.
    pub(super) fn env_without(
        &self,
        j: &Expr,
        label: &Name,
        fields: &[FieldId],
    ) -> Vec<(Expr, FailureCode)> {
        self.env
            .iter()
            .filter(|c| !reads_any(&c.expr, fields))
            .map(|c| {
                let e = at_label(subst_tid(c.expr.clone(), j), label);
                (every_object(c.class, e, "weft_calvin_o"), c.code)
            })
            .collect()
    }

    /// `E(tid)*`: the environment's steps (a yield).
    pub(super) fn yield_(
        &self,
        p: &Program,
        span: Span,
        fresh: &mut u32,
        out: &mut Vec<Stmt>,
    ) -> Name {
        self.yield_without(p, span, fresh, "env", &[], out)
    }

    /// A yield that keeps only the clauses of E that read none of `fields`
    /// (`what` names its label): every value new, then I and those clauses
    /// from the label.
    pub(super) fn yield_without(
        &self,
        p: &Program,
        span: Span,
        fresh: &mut u32,
        what: &str,
        fields: &[FieldId],
        out: &mut Vec<Stmt>,
    ) -> Name {
        let label = self.label(what, fresh);
        let st = |kind| Stmt { kind, span };
        out.push(st(S::Label(label)));
        out.push(st(S::Havoc(self.all_perms(p, span))));
        for (e, _) in self.env_without(&tid_expr(span), &label, fields) {
            out.push(st(S::Assume(e)));
        }
        out.push(st(S::Assume(self.invariant(p, span))));
        label
    }

    /// `E(tid)*` in a thread's code: the yield, and the objects the thread
    /// allocated and has not published keep their fields.
    pub(super) fn env(&self, cx: &mut Cx, span: Span, out: &mut Vec<Stmt>) {
        let label = self.yield_(cx.p, span, &mut cx.fresh, out);
        self.keep_unpublished(cx, &label, span, out);
    }

    pub(super) fn label(&self, what: &str, fresh: &mut u32) -> Name {
        *fresh += 1;
        Name::from(format!("weft_calvin_{what}_{fresh}"))
    }

    /// The guarantee after an own step that began at `label`.
    pub(super) fn guarantee(&self, _p: &Program, label: &Name, span: Span, out: &mut Vec<Stmt>) {
        // I first: E's clauses may read what I makes well-defined.
        for c in &self.inv {
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: every_object(c.class, c.expr.clone(), "weft_calvin_o"),
                    code: FailureCode::GlobalInvariant,
                },
                span,
            });
        }
        for (all, code) in self.others(label, span) {
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: all,
                    code,
                },
                span,
            });
        }
    }

    /// `E(j)` of every other thread `j`, two-state from `label`, clause by clause.
    pub(super) fn others(&self, label: &Name, span: Span) -> Vec<(Expr, FailureCode)> {
        let var = Var {
            name: Name::from("weft_calvin_j"),
            ty: Type::Int,
            span,
        };
        let j = Expr::new(K::Local(var.name), Type::Int, span);
        let other = and(
            binary(BinOp::Gt, j.clone(), int(0, span), Type::Bool),
            binary(BinOp::Ne, j.clone(), tid_expr(span), Type::Bool),
        );
        let mut out = Vec::new();
        for (e, code) in self.env_of(&j, label) {
            // An `unwritable_by_env_if`'s check keeps the annotation's span
            // (the related location of its failure).
            let at = if code == FailureCode::EnvAssumption {
                e.span
            } else {
                span
            };
            let all = Expr::new(
                K::Quant {
                    q: Quantifier::Forall,
                    vars: vec![var.clone()].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies(other.clone(), e)),
                },
                Type::Bool,
                at,
            );
            out.push((all, code));
        }
        out
    }

    /// The checks on E made once per program: E reflexive and transitive,
    /// and likewise each abstraction's stutter assumption.
    pub(super) fn env_checks(&self, p: &Program, m: MethodId, span: Span) -> Vec<Method> {
        let mut made = vec![self.refl_trans(p, m, span)];
        made.extend(self.stutter_checks(p, m, span));
        made
    }

    /// E's reflexivity and transitivity, for an arbitrary thread `j`:
    /// at A, `E(j)[A, A]`; then from A to B and B to C, `E(j)[A, C]`.
    fn refl_trans(&self, p: &Program, m: MethodId, span: Span) -> Method {
        self.refl_trans_without(p, m, span, &[], "env_reflexive_transitive")
    }

    /// The same of the clauses that read none of `fields` (a stutter
    /// block's assumption, see [`Calvin::stutter`]), as method `name`.
    pub(super) fn refl_trans_without(
        &self,
        p: &Program,
        m: MethodId,
        span: Span,
        fields: &[FieldId],
        name: &str,
    ) -> Method {
        let st = |kind| Stmt { kind, span };
        let mut b = Vec::new();
        let j = tid_expr(span);
        for e in self.perms(p, span) {
            b.push(st(S::Inhale(e)));
        }
        b.push(st(S::Assume(binary(
            BinOp::Gt,
            j.clone(),
            int(0, span),
            Type::Bool,
        ))));
        let [a, bb] = [Name::from("weft_calvin_a"), Name::from("weft_calvin_b")];
        // Every state the environment steps between satisfies I (each
        // step keeps it, and each thread starts in it).
        b.push(st(S::Assume(self.invariant(p, span))));
        b.push(st(S::Label(a)));
        for (e, code) in self.env_without(&j, &a, fields) {
            b.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code,
                },
            });
        }
        let havoc = |b: &mut Vec<Stmt>| b.push(st(S::Havoc(self.all_perms(p, span))));
        havoc(&mut b);
        b.push(st(S::Assume(self.invariant(p, span))));
        b.push(st(S::Label(bb)));
        for (e, _) in self.env_without(&j, &a, fields) {
            b.push(st(S::Assume(e)));
        }
        havoc(&mut b);
        b.push(st(S::Assume(self.invariant(p, span))));
        for (e, _) in self.env_without(&j, &bb, fields) {
            b.push(st(S::Assume(e)));
        }
        for (e, code) in self.env_without(&j, &a, fields) {
            b.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code,
                },
            });
        }
        Method {
            name: Name::from(name),
            contract: Default::default(),
            body: Some(Block { stmts: b, span }),
            ..p.method(m).clone()
        }
    }
}

/// Whether `e` reads one of `fields`.
pub(super) fn reads_any(e: &Expr, fields: &[FieldId]) -> bool {
    crate::core::visit::find(
        e,
        &|x| matches!(&x.kind, K::Field(_, f) if fields.contains(f)),
    )
    .is_some()
}
