//! Statements: core → IR. Each rule in a comment, the code in the same order.

use super::names::{END_LABEL, RESULT};
use super::{prelude, Encoder};
use crate::core::{self, StmtKind as S, Type as T};
use crate::diag::{self, Diagnostic, FailureCode, Reason};
use crate::name::Name;
use crate::vir::{self, BinOp, Blame, Expr, ExprKind, Quantifier, Stmt, StmtKind, What};

impl Encoder<'_> {
    pub(super) fn block(&mut self, b: &core::Block, out: &mut Vec<Stmt>) -> diag::Result<()> {
        let mut errors = Vec::new();
        for s in &b.stmts {
            if let Err(e) = self.stmt(s, out) {
                errors.extend(e);
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn stmt(&mut self, s: &core::Stmt, out: &mut Vec<Stmt>) -> diag::Result<()> {
        let span = s.span;
        match &s.kind {
            // T x = e  ~>  var x: T; x := e
            S::Local(v, init) => {
                self.local_types.insert(v.name, v.ty.clone());
                let ty = self.ty(&v.ty);
                out.push(Stmt::plain(StmtKind::LocalVar(vir::LocalDecl {
                    name: v.name,
                    ty,
                })));
                if let Some(init) = init {
                    let e = self.expr_as(init, &v.ty)?;
                    let o = self.origin(span, Blame::Direct, What::Assignment);
                    out.push(Stmt::new(StmtKind::Assign(v.name, Box::new(e)), o));
                }
            }
            S::AssignLocal(x, e) => {
                let want = self.local_type(x, &e.ty);
                let e = self.expr_as(e, &want)?;
                let o = self.origin(span, Blame::Direct, What::Assignment);
                out.push(Stmt::new(
                    StmtKind::Assign(self.local_name(*x), Box::new(e)),
                    o,
                ));
            }
            // recv.f = e  ~>  recv.f := e   (needs write permission: assignFieldFailed)
            S::AssignField { recv, field, value } => {
                let f = self.p.field(*field);
                let want = f.ty.clone();
                let fixed =
                    matches!(recv.kind, core::ExprKind::This) && self.fixed_early.contains(field);
                let recv = self.expr(recv)?;
                let value = self.expr_as(value, &want)?;
                let o = self.origin(span, Blame::Direct, What::FieldAssignment);
                out.push(Stmt::new(
                    StmtKind::FieldAssign {
                        recv: Box::new(recv),
                        field: self.names.field(*field),
                        value: Box::new(value),
                    },
                    o,
                ));
                if fixed {
                    // The only write of this final field: its final value from
                    // here on, which calls made later in the constructor may need
                    // (after checking the binding its final value will state).
                    let this = || Expr::local(crate::name!("this"));
                    let own = |v| {
                        Expr::plain(ExprKind::FieldAccess(Box::new(this()), self.names.field(v)))
                    };
                    let facts = super::decl::owner_link_facts(
                        self.p,
                        self.names,
                        *field,
                        this(),
                        own(*field),
                        own,
                    );
                    out.extend(self.binding_checks(facts, span));
                    let read = ExprKind::FieldAccess(Box::new(this()), self.names.field(*field));
                    let val = ExprKind::FuncApp(self.names.final_value(*field), vec![this()]);
                    out.push(Stmt::plain(StmtKind::Assume(Expr::binary(
                        vir::BinOp::Eq,
                        Expr::plain(val),
                        Expr::plain(read),
                    ))));
                }
            }
            // a[i] = e  ~>  weft_loc(a, i).item := e   (null and bounds checked by weft_loc)
            S::AssignIndex {
                array,
                index,
                value,
            } => {
                let elem = match &array.ty {
                    T::Array(t) => (**t).clone(),
                    t => t.clone(),
                };
                let a = self.expr(array)?;
                let i = self.expr(index)?;
                let value = self.expr_as(value, &elem)?;
                let summed = (self.p.sums_arrays && elem == T::Int).then(|| (a.clone(), i.clone()));
                let loc = self.checked_element(a, i, array.span.fuse(index.span));
                let field = self.item_field(&elem);
                // A kernel's scalar `x` is the cell `x[0]`, spanning `x` alone.
                let what = if array.span == index.span {
                    What::CellAssignment
                } else {
                    What::ArrayElementAssignment
                };
                let o = self.origin(span, Blame::Direct, what);
                let write = Stmt::new(
                    StmtKind::FieldAssign {
                        recv: Box::new(loc),
                        field,
                        value: Box::new(value.clone()),
                    },
                    o,
                );
                // Sums of int arrays are kept up to date (see `prelude::sum_after_write`).
                if let Some((a, i)) = summed {
                    let before = self.label();
                    let fact = prelude::sum_after_write(before, a, i, value);
                    out.push(Stmt::plain(StmtKind::Label(before)));
                    out.push(write);
                    out.push(Stmt::plain(StmtKind::Inhale(fact)));
                } else {
                    out.push(write);
                }
            }
            S::Call { target, call } => self.call(target.as_deref(), call, out)?,
            S::NewArray { target, elem, dims } => self.new_array(span, target, elem, dims, out)?,
            S::If { cond, then, els } => {
                let cond = self.expr(cond)?;
                let mut t = Vec::new();
                self.block(then, &mut t)?;
                let mut f = Vec::new();
                if let Some(els) = els {
                    self.block(els, &mut f)?;
                }
                out.push(Stmt::plain(StmtKind::If {
                    cond: Box::new(cond),
                    then: t,
                    els: f,
                }));
            }
            // while (c) invariant I { body }: I checked on entry (invariantNotEstablished)
            // and after the body (notMaintained).
            S::While {
                invariants,
                cond,
                body,
            } => {
                let invs = self.clauses(invariants, Blame::LoopInvariant, What::LoopInvariant)?;
                let cond = self.expr(cond)?;
                let mut b = Vec::new();
                self.block(body, &mut b)?;
                out.push(Stmt::plain(StmtKind::While {
                    cond: Box::new(cond),
                    invariants: invs,
                    body: b,
                }));
            }
            // return e  ~>  weft_result := e; goto weft_end
            S::Return(e) => {
                if let Some(e) = e {
                    let want = self.return_type.clone();
                    let v = self.expr_as(e, &want)?;
                    let o = self.origin(span, Blame::Direct, What::Return);
                    out.push(Stmt::new(StmtKind::Assign(RESULT.into(), Box::new(v)), o));
                }
                self.has_return = true;
                out.push(Stmt::plain(StmtKind::Goto(END_LABEL.into())));
            }
            S::Assert(e) => self.checked(span, e, StmtKind::Assert, What::Assertion, out)?,
            S::Assume(e) => {
                let e = self.expr(e)?;
                out.push(Stmt::plain(StmtKind::Assume(e)));
            }
            S::Inhale(e) => self.checked(span, e, StmtKind::Inhale, What::Inhale, out)?,
            S::Exhale(e) => self.checked(span, e, StmtKind::Exhale, What::Exhale, out)?,
            S::Havoc(e) => self.checked(span, e, StmtKind::Havoc, What::Exhale, out)?,
            S::Refute(e) => self.checked(span, e, StmtKind::Refute, What::Refute, out)?,
            S::Fold(e) => {
                self.fold_receiver(e, span, out)?;
                let acc = self.plain_predicate_access(e)?;
                if !matches!(acc.kind, ExprKind::PredicateAcc(..)) {
                    return self.held_body(acc, FailureCode::FoldFailed(Reason::Perm), span, out);
                }
                let o = self.origin(span, Blame::Direct, What::Fold);
                out.push(at_some_amount(Stmt::new(StmtKind::Fold(acc), o)));
            }
            S::Unfold(e) => {
                let acc = self.plain_predicate_access(e)?;
                if !matches!(acc.kind, ExprKind::PredicateAcc(..)) {
                    return self.held_body(acc, FailureCode::UnfoldFailed(Reason::Perm), span, out);
                }
                let o = self.origin(span, Blame::Direct, What::Unfold);
                out.push(at_some_amount(Stmt::new(StmtKind::Unfold(acc), o)));
            }
            S::Package { wand, proof } => {
                let wand = Box::new(self.expr(wand)?);
                let mut steps = Vec::new();
                self.block(proof, &mut steps)?;
                let o = self.origin(span, Blame::Direct, What::Package);
                out.push(Stmt::new(StmtKind::Package { wand, proof: steps }, o));
            }
            S::Apply(wand) => {
                let wand = self.expr(wand)?;
                let o = self.origin(span, Blame::Direct, What::Apply);
                out.push(Stmt::new(StmtKind::Apply(wand), o));
            }
            S::Label(l) => out.push(Stmt::plain(StmtKind::Label(*l))),
            S::Goto(l) => out.push(Stmt::plain(StmtKind::Goto(*l))),
            S::Block(b) => self.block(b, out)?,
            // A pass's check: its blame gives the construct's failure code.
            S::Check { exhale, expr, code } => {
                let (make, what): (fn(Expr) -> StmtKind, _) = if *exhale {
                    (StmtKind::Exhale, What::Exhale)
                } else {
                    (StmtKind::Assert, What::Assertion)
                };
                let takes_reason =
                    code.with_reason(diag::Reason::Perm) != code.with_reason(diag::Reason::False);
                let blame = if takes_reason {
                    Blame::AsWithReason(*code)
                } else {
                    Blame::As(*code)
                };
                // Calvin's write that an `unwritable_by_env_if` forbids: the
                // annotation (the check's expression) is the related location.
                let annotation = *code == diag::FailureCode::EnvAssumption && expr.span != span;
                let outer = self.derived;
                if annotation && outer.is_none() {
                    self.derived = Some(crate::syntax::ast::Derived {
                        rule: crate::syntax::ast::Rule::Annotation,
                        at: expr.span,
                    });
                }
                let done = self.checked_as(span, expr, make, blame, what, out);
                self.derived = outer;
                done?
            }
            S::Lock(..) => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a lock operation here (the locks pass should have lowered it)",
                )])
            }
            S::Synchronized { .. } => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a synchronized block here (the desugar pass should have lowered it)",
                )])
            }
            S::AtomicStep(_) => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "an atomic step here (the calvin pass should have lowered it)",
                )])
            }
            S::Invariant { .. } | S::Atomic { .. } => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "an invariant or atomic block here (the atomics pass should have lowered it)",
                )])
            }
            S::History(..) | S::Action(..) => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a history statement here (the histories pass should have lowered it)",
                )])
            }
            S::Fork(_) | S::Join(_) => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "fork/join here (the threads pass should have lowered it)",
                )])
            }
            S::Par(_) | S::Barrier { .. } => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a par block here (the par pass should have lowered it)",
                )])
            }
            S::Throw(_) | S::Try { .. } => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "an exception here (the exceptions pass should have lowered it)",
                )])
            }
            crate::core::visit::source_loops!() => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a source loop or jump here (the loops pass should have lowered it)",
                )])
            }
            S::Witness(_) => {
                return Err(vec![Diagnostic::not_supported(
                    span,
                    "a witness here (the calvin_r pass should have removed it)",
                )])
            }
        }
        Ok(())
    }

    /// A statement that checks its expression (assert, exhale, …), blamed directly.
    fn checked(
        &mut self,
        span: crate::syntax::span::Span,
        e: &core::Expr,
        make: fn(Expr) -> StmtKind,
        what: What,
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        self.checked_as(span, e, make, Blame::Direct, what, out)
    }

    /// A statement that checks its expression, blamed as `blame`.
    fn checked_as(
        &mut self,
        span: crate::syntax::span::Span,
        e: &core::Expr,
        make: fn(Expr) -> StmtKind,
        blame: Blame,
        what: What,
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        let mut e = self.expr(e)?;
        let generated = blame != Blame::Direct;
        // A bare boolean read (`assert flag`) keeps its node for a missing
        // permission; that it is false needs a node of the check's own.
        let read = |i: crate::vir::OriginInfo| i.blame == Blame::As(FailureCode::Perm);
        if !generated && self.origins.get(e.origin).is_some_and(read) {
            e = Expr::binary(BinOp::Eq, e, Expr::bool(true));
        }
        if generated {
            // A missing resource of a generated check is the construct's failure.
            let (origins, derived) = (&mut self.origins, self.derived);
            super::expr::resources_mut(&mut e, &mut |r| {
                if origins.get(r.origin).is_some_and(|i| i.blame.is_resource()) {
                    r.origin = origins.add(span, blame, what, derived);
                }
            });
        }
        let o = self.origin(span, blame, what);
        // Silicon reports these failures at the checked expression. A
        // generated check is blamed as a whole, also when it is one resource.
        if e.origin.is_none() || generated {
            e.origin = o;
        }
        out.push(Stmt::new(make(e), o));
        Ok(())
    }

    /// The declared type of a local or parameter (for coercions).
    fn local_type(&self, name: &str, fallback: &T) -> T {
        self.local_types
            .get(name)
            .cloned()
            .unwrap_or_else(|| fallback.clone())
    }

    /// `fold x.p(…)` needs `x != null` (`foldFailed:false` otherwise): no
    /// predicate instance of null exists, which lets holding one say its
    /// receiver is not null (`Encoder::with_receiver`).
    fn fold_receiver(
        &mut self,
        e: &core::Expr,
        span: crate::syntax::span::Span,
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        let core::ExprKind::PredicateAccess(access) = &e.kind else {
            return Ok(());
        };
        let Some(recv) = &access.recv else {
            return Ok(());
        };
        if matches!(recv.kind, core::ExprKind::This) {
            return Ok(());
        }
        let r = self.expr(recv)?;
        let o = self.origin(
            span,
            Blame::As(FailureCode::FoldFailed(diag::Reason::False)),
            What::Fold,
        );
        let check = Expr::binary(BinOp::Ne, r, Expr::plain(ExprKind::NullLit)).with_origin(o);
        out.push(Stmt::new(StmtKind::Assert(check.clone()), o));
        out.push(Stmt::plain(StmtKind::Assume(check)));
        Ok(())
    }

    // o.m(args)  ~>  assert o != null (invocationObjectNull); targets := C__m(o, args, givens)
    // new C(args) ~>  o := new(fields of C); C__new(o, args); target := o
    fn call(
        &mut self,
        target: Option<&str>,
        call: &core::Call,
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        let m = self.p.method(call.method);
        let mut args = Vec::new();
        if let Some(recv) = &call.recv {
            let r = self.expr(recv)?;
            if !matches!(recv.kind, core::ExprKind::This) {
                let o = self.origin(
                    call.span,
                    Blame::As(FailureCode::InvocationObjectNull),
                    What::Call,
                );
                let check = Expr::binary(BinOp::Ne, r.clone(), Expr::plain(ExprKind::NullLit))
                    .with_origin(o);
                out.push(Stmt::new(StmtKind::Assert(check), o));
            }
            args.push(r);
        }
        // A new object is allocated here, so the caller knows it is fresh.
        let object = match (m.is_constructor, m.class) {
            (true, Some(c)) => {
                let fields = self
                    .p
                    .class(c)
                    .fields
                    .iter()
                    .map(|f| self.names.field(*f))
                    .collect();
                let o = self.temp(vir::Type::Ref);
                out.push(Stmt::plain(StmtKind::New { target: o, fields }));
                args.push(Expr::local(o));
                Some(o)
            }
            _ => None,
        };
        let want: Vec<T> = m.params.iter().map(|v| v.ty.clone()).collect();
        args.extend(self.exprs_as(&call.args, &want)?);
        for (g, v) in call.given.iter().zip(&m.given) {
            match g {
                Some(g) => {
                    let g = self.expr_as(g, &v.ty)?;
                    args.push(g);
                }
                None => {
                    return Err(vec![Diagnostic::error(
                        crate::diag::ErrorCode::Arity,
                        call.span,
                        format!("ghost argument {} is not given", v.name),
                    )])
                }
            }
        }
        let mut targets = Vec::new();
        if !m.is_constructor && m.ret != T::Void {
            let t = match target {
                Some(t) => self.local_name(Name::from(t)),
                None => {
                    let ty = self.ty(&m.ret);
                    self.temp(ty)
                }
            };
            targets.push(t);
        }
        for (y, v) in call.yields.iter().zip(&m.yields) {
            let t = match y {
                Some(y) => self.local_name(*y),
                None => {
                    let ty = self.ty(&v.ty);
                    self.temp(ty)
                }
            };
            targets.push(t);
        }
        let o = self.origin(call.span, Blame::Direct, What::Call);
        out.push(Stmt::new(
            StmtKind::Call {
                method: self.names.method(call.method),
                args,
                targets,
            },
            o,
        ));
        if let (Some(object), Some(t)) = (object, target) {
            let t = self.local_name(Name::from(t));
            out.push(Stmt::plain(StmtKind::Assign(
                t,
                Box::new(Expr::local(object)),
            )));
        }
        Ok(())
    }

    // x = new T[n]  ~>  assert n >= 0; x := new(); inhale |x| == n;
    //                   inhale forall i in [0, n): acc(x[i]) && x[i] == default
    /// `x := new T[d1]…[dk]`: x is a fresh object of length d1 holding write
    /// permission to its slots. For k > 1 each slot holds a sub-array of the
    /// next size, non-null, with write permission to its own slots, down to
    /// the elements (default values). The sub-arrays are distinct: each
    /// knows the indices it was created at (`weft_row_index`, an injective
    /// label, true of fresh rows), which is what makes the receivers of the
    /// next level's quantified permissions injective.
    fn new_array(
        &mut self,
        span: crate::syntax::span::Span,
        target: &str,
        elem: &T,
        dims: &[core::Expr],
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        let mut sizes = Vec::new();
        for d in dims {
            let n = self.expr(d)?;
            let o = self.origin(d.span, Blame::As(FailureCode::ArraySize), What::ArraySize);
            let check = Expr::binary(BinOp::Ge, n.clone(), Expr::int(0)).with_origin(o);
            out.push(Stmt::new(StmtKind::Assert(check), o));
            sizes.push(n);
        }
        let x = self.local_name(Name::from(target));
        out.push(Stmt::plain(StmtKind::New {
            target: x,
            fields: vec![],
        }));
        out.push(Stmt::plain(StmtKind::Assume(Expr::binary(
            BinOp::Eq,
            prelude::length(Expr::local(x)),
            sizes[0].clone(),
        ))));
        let vars: Vec<Name> = (0..dims.len())
            .map(|l| match l {
                0 => Name::from(format!("weft_i_{}", span.start)),
                _ => Name::from(format!("weft_i{l}_{}", span.start)),
            })
            .collect();
        // The arrays of the current level, as a function of the indices above it.
        let mut arrays = Expr::local(x);
        let mut in_range: Option<Expr> = None;
        for (level, n) in sizes.iter().enumerate() {
            let i = Expr::local(vars[level]);
            let bound = Expr::and(
                Expr::binary(BinOp::Le, Expr::int(0), i.clone()),
                Expr::binary(BinOp::Lt, i.clone(), n.clone()),
            );
            let range = match in_range.take() {
                Some(r) => Expr::and(r, bound),
                None => bound,
            };
            in_range = Some(range.clone());
            let loc = prelude::element(arrays, i);
            let leaf = level + 1 == dims.len();
            let item_ty = if leaf {
                elem.clone()
            } else {
                T::Array(Box::new(elem.clone()))
            };
            let field = self.item_field(&item_ty);
            let decls: Vec<vir::LocalDecl> = vars[..=level]
                .iter()
                .map(|v| vir::LocalDecl {
                    name: (*v),
                    ty: vir::Type::Int,
                })
                .collect();
            // The location mentions every variable (the outer ones through its array).
            let triggers = vec![vec![loc.clone()]];
            let all = |body: Expr| {
                Expr::plain(ExprKind::Quant {
                    q: Quantifier::Forall,
                    vars: decls.clone().into(),
                    triggers: triggers.clone().into(),
                    body: Box::new(Expr::implies(range.clone(), body)),
                })
            };
            let acc = Expr::plain(ExprKind::FieldAcc(
                Box::new(loc.clone()),
                field,
                Box::new(Expr::plain(ExprKind::FullPerm)),
            ));
            out.push(Stmt::plain(StmtKind::Inhale(all(acc))));
            let item = Expr::plain(ExprKind::FieldAccess(Box::new(loc), field));
            if leaf {
                if let Some(d) = default_value(elem) {
                    let zero = Expr::binary(BinOp::Eq, item, d);
                    out.push(Stmt::plain(StmtKind::Assume(all(zero))));
                }
                // A new int array's elements are all 0, and so is their sum.
                if dims.len() == 1 && *elem == T::Int && self.p.sums_arrays {
                    self.prelude.sums = true;
                    let sum = prelude::sum(prelude::snap(Expr::local(x)));
                    out.push(Stmt::plain(StmtKind::Assume(Expr::binary(
                        BinOp::Eq,
                        sum,
                        Expr::int(0),
                    ))));
                }
                break;
            }
            let mut facts = Expr::and(
                Expr::binary(BinOp::Ne, item.clone(), Expr::plain(ExprKind::NullLit)),
                Expr::binary(
                    BinOp::Eq,
                    prelude::length(item.clone()),
                    sizes[level + 1].clone(),
                ),
            );
            for (d, v) in vars[..=level].iter().enumerate() {
                let label = prelude::row_index(item.clone(), d);
                facts = Expr::and(facts, Expr::binary(BinOp::Eq, label, Expr::local(v)));
            }
            self.prelude.rows = true;
            out.push(Stmt::plain(StmtKind::Assume(all(facts))));
            arrays = item;
        }
        Ok(())
    }

    /// A fold or unfold of an inline predicate whose body is not one
    /// predicate: the body is all there is, so nothing changes, but the body
    /// must be held (the failure is the fold's or unfold's).
    fn held_body(
        &mut self,
        body: Expr,
        code: FailureCode,
        span: crate::syntax::span::Span,
        out: &mut Vec<Stmt>,
    ) -> diag::Result<()> {
        let what = match code {
            FailureCode::FoldFailed(_) => What::Fold,
            _ => What::Unfold,
        };
        let o = self.origin(span, Blame::AsWithReason(code), what);
        let mut body = body.with_origin(o);
        crate::vir::visit::visit_mut(&mut body, &mut |x| {
            if matches!(x.kind, ExprKind::FieldAcc(..) | ExprKind::PredicateAcc(..)) {
                x.origin = o;
            }
        });
        out.push(Stmt::new(StmtKind::Assert(body), o));
        Ok(())
    }

    /// Contract-like clauses, split at top-level `**`/`&&` so each conjunct is
    /// blamed on its own span.
    pub(super) fn clauses(
        &mut self,
        es: &[core::Expr],
        blame: Blame,
        what: What,
    ) -> diag::Result<Vec<Expr>> {
        let mut out = Vec::new();
        for e in es {
            for c in conjuncts(e) {
                let v = self.expr(c)?;
                let o = self.origin(c.span, blame, what);
                out.push(v.with_origin(o));
            }
        }
        super::known::drop_known(&mut out);
        Ok(out)
    }
}

/// The top-level conjuncts of a clause.
fn conjuncts(e: &core::Expr) -> Vec<&core::Expr> {
    use crate::syntax::ast::BinOp as B;
    match &e.kind {
        core::ExprKind::Binary(B::And | B::Star, l, r) => {
            let mut v = conjuncts(l);
            v.extend(conjuncts(r));
            v
        }
        _ => vec![e],
    }
}

/// Java's default value of an array element.
fn default_value(t: &T) -> Option<Expr> {
    match t {
        // An enum's null is 0 (`core::Type::Enum`).
        T::Int | T::Enum(_) => Some(Expr::int(0)),
        T::Bool => Some(Expr::bool(false)),
        T::Class(_) | T::Array(_) | T::Null => Some(Expr::plain(ExprKind::NullLit)),
        T::Frac | T::ZFrac | T::Rational => Some(Expr::plain(ExprKind::NoPerm)),
        _ => None,
    }
}

/// A fold or unfold at an amount that may be zero (a group predicate at a
/// protocol's share, `inv(share(T, d))`): at zero it moves nothing (the
/// thesis's `inv(0)` is `true`), which Silicon's fold would refuse, so it runs
/// only at a non-zero amount; a negative one still fails.
fn at_some_amount(s: Stmt) -> Stmt {
    let (StmtKind::Fold(acc) | StmtKind::Unfold(acc)) = &s.kind else {
        return s;
    };
    let ExprKind::PredicateAcc(_, _, amount) = &acc.kind else {
        return s;
    };
    // Full and `read` (a wildcard: positive, and no value to compare) need no guard.
    if matches!(amount.kind, ExprKind::FullPerm | ExprKind::Wildcard) {
        return s;
    }
    let nonzero = Expr::binary(
        vir::BinOp::Ne,
        (**amount).clone(),
        Expr::plain(ExprKind::NoPerm),
    );
    Stmt::plain(StmtKind::If {
        cond: Box::new(nonzero),
        then: vec![s],
        els: Vec::new(),
    })
}
