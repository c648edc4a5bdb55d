//! Calls in a thread: inlining a method without an abstraction, opaque library calls, which methods are called.

use super::*;

/// The methods outside the Calvin classes without a body, a contract that
/// says nothing (every clause `true`) and no ghost parameters or results,
/// such as `Object.equals`: a call of one in a thread is an unknown result
/// (a fresh value) and no step of its own (its arguments' reads are). This
/// assumes that such a method reads and writes no field of the program
/// (`Object.equals` of the library is so documented).
pub(super) fn opaque_methods(p: &Program, classes: &[ClassId]) -> HashSet<MethodId> {
    let trivial = |es: &[Expr]| es.iter().all(|e| matches!(e.kind, K::Bool(true)));
    p.methods
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            m.class.is_some_and(|c| !classes.contains(&c))
                && !m.is_constructor
                && m.body.is_none()
                && m.given.is_empty()
                && m.yields.is_empty()
                && trivial(&m.contract.requires)
                && trivial(&m.contract.ensures)
                && m.contract.modifies.is_empty()
        })
        .map(|(i, _)| MethodId(i as u32))
        .collect()
}

/// The methods with a body to inline that another method calls; a cycle of
/// such calls is refused (its inlining would not end).
pub(super) fn called_methods(
    p: &Program,
    bodies: &HashMap<MethodId, Block>,
    errs: &mut Vec<Diagnostic>,
) -> HashSet<MethodId> {
    let mut calls: HashMap<MethodId, Vec<(MethodId, Span)>> = HashMap::new();
    for (&m, b) in bodies {
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::Call { call, .. } = &s.kind {
                if bodies.contains_key(&call.method) {
                    calls.entry(m).or_default().push((call.method, s.span));
                }
            }
        });
    }
    let mut called = HashSet::new();
    for (&m, cs) in &calls {
        for &(c, _) in cs {
            if c != m {
                called.insert(c);
            }
        }
    }
    // A call from m to a method that reaches m.
    let reaches = |from: MethodId, to: MethodId| {
        let mut seen = HashSet::new();
        let mut todo = vec![from];
        while let Some(x) = todo.pop() {
            if x == to {
                return true;
            }
            if seen.insert(x) {
                todo.extend(calls.get(&x).into_iter().flatten().map(|(c, _)| *c));
            }
        }
        false
    };
    let mut ms: Vec<&MethodId> = calls.keys().collect();
    ms.sort();
    for &m in ms {
        for &(c, span) in &calls[&m] {
            if reaches(c, m) {
                errs.push(Diagnostic::not_supported(
                    span,
                    "a recursive call in a Calvin thread (a call of a method without an abstraction is inlined)",
                ));
            }
        }
    }
    let _ = p;
    called
}

impl Calvin {
    /// A call of a method without an abstraction: its body inlined, as
    /// Calvin inlines such calls. The receiver and the arguments are read
    /// first (steps of their own, in order) into fresh locals that stand for
    /// `this` and the parameters; the callee's precondition as written is
    /// checked (`preFailed`); its locals and labels are renamed, its `\old`
    /// is the call's start, and each `return e` is `result = e` and a jump
    /// to the end of the inlined body. The body is then lowered as the
    /// caller's own code: the environment before each of its steps, the
    /// guarantee after each write, its monitors taken and released (a
    /// monitor the caller holds is reentered). Its postcondition is not
    /// used: the body itself is.
    pub(super) fn inline(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let callee = cx.p.method(call.method);
        if cx.inlining.contains(&call.method) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a recursive call in a Calvin thread (its body is inlined)",
            ));
            return;
        }
        if callee.given.iter().any(|g| g.name.as_str() != TID) || !callee.yields.is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method with ghost parameters or results in a Calvin thread",
            ));
            return;
        }
        cx.fresh += 1;
        let k = cx.fresh;
        let rename = move |n: Name| Name::from(format!("{}$inl{k}", n.as_str()));
        // The receiver and the arguments, in order, each into a local.
        let recv = match call.recv {
            Some(r) => {
                let Some(r) = self.hoist(r, span, cx, out) else {
                    return;
                };
                let r = if matches!(r.kind, K::This) {
                    r
                } else {
                    cx.read_into_local(r, span, out)
                };
                out.push(check_non_null(
                    r.clone(),
                    FailureCode::InvocationObjectNull,
                    span,
                ));
                Some(r)
            }
            None => None,
        };
        let mut renamed: HashSet<Name> = HashSet::new();
        for (param, arg) in callee.params.iter().zip(call.args) {
            let Some(arg) = self.hoist(arg, span, cx, out) else {
                return;
            };
            renamed.insert(param.name);
            let var = Var {
                name: rename(param.name),
                ..param.clone()
            };
            out.push(st(S::Local(var, Some(arg))));
        }
        let mut body = self.bodies[&call.method].clone();
        declared_locals(&body, &mut renamed);
        let start = self.label("inline", &mut cx.fresh);
        let end = self.label("inlined", &mut cx.fresh);
        let result = Name::from(format!("weft_calvin_result$inl{k}"));
        let tid = tid_expr(span);
        let map =
            |e: Expr| as_inlined(subst_tid(e, &tid), recv.as_ref(), &start, &renamed, &rename);
        let pres: Vec<Expr> = self.user_pres[&call.method]
            .iter()
            .map(|e| map(e.clone()))
            .collect();
        crate::core::visit::map_body_exprs(&mut body, &mut |e| map(e));
        let mut labels = rename_inlined(&mut body, &renamed, &rename);
        // Then (so that the jumps made here are not renamed) the returns.
        returns_jump_to(&mut body, result, end);
        // The inlined code is inside the caller's synchronized blocks.
        labels.insert(end);
        for m in &mut cx.monitors {
            m.labels.extend(labels.iter().copied());
        }
        if callee.ret != Type::Void {
            let var = Var {
                name: result,
                ty: callee.ret.clone(),
                span,
            };
            out.push(st(S::Local(var, None)));
        }
        out.push(st(S::Label(start)));
        for e in pres {
            self.env(cx, span, out);
            out.push(st(S::Check {
                exhale: false,
                expr: e,
                code: FailureCode::PreFailed(crate::diag::Reason::False),
            }));
        }
        cx.inlining.push(call.method);
        let b = self.sub(body, cx);
        cx.inlining.pop();
        out.push(st(S::Block(b)));
        out.push(st(S::Label(end)));
        // The callee's postcondition as written, where its body ends
        // (`\result` is what it returned).
        let result_expr = Expr::new(K::Local(result), callee.ret.clone(), span);
        for e in &self.user_posts[&call.method] {
            let e = map_expr(map(e.clone()), &mut |x| match x.kind {
                K::Result => Expr {
                    span: x.span,
                    ..result_expr.clone()
                },
                _ => x,
            });
            out.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code: FailureCode::PostFailed(crate::diag::Reason::False),
                },
            });
        }
        if let Some(t) = target {
            let ty = callee.ret.clone();
            out.push(st(S::AssignLocal(t, Expr::new(K::Local(result), ty, span))));
        }
    }

    /// A call of an opaque library method (`x = o.equals(a)`): the
    /// receiver's and the arguments' reads as steps of their own, the
    /// receiver not null, and an unknown result.
    pub(super) fn opaque_call(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        if let Some(r) = call.recv {
            let Some(r) = self.hoist(r, span, cx, out) else {
                return;
            };
            out.push(check_non_null(r, FailureCode::InvocationObjectNull, span));
        }
        for a in call.args {
            if self.hoist(a, span, cx, out).is_none() {
                return;
            }
        }
        if let Some(t) = target {
            cx.fresh += 1;
            let ty = cx.p.method(call.method).ret.clone();
            let var = Var {
                name: Name::from(format!("weft_calvin_unknown{}", cx.fresh)),
                ty: ty.clone(),
                span,
            };
            let any = Expr::new(K::Local(var.name), ty, span);
            out.push(st(S::Local(var, None)));
            out.push(st(S::AssignLocal(t, any)));
        }
    }
}
