//! Expressions: core → IR. Operators are chosen by operand types; ints used
//! as permissions are coerced (`n` becomes `n/1`); reads that can fail carry
//! origins (`perm`, `arrayBounds`, `divByZero`, …).

use super::{prelude, Encoder, Scope};
use crate::core::{self, Builtin, ExprKind as K, Type as T};
use crate::diag::{self, Diagnostic, FailureCode};
use crate::name::Name;
use crate::syntax::ast::{BinOp as B, Quantifier as Q, UnOp as U};
use crate::vir::{self, BinOp, Blame, Expr, ExprKind, MapOp, Quantifier, UnOp, What};

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Encoder<'_> {
    /// Encodes `e` for a place that expects type `want` (coercing int to permission).
    pub(super) fn expr_as(&mut self, e: &core::Expr, want: &T) -> diag::Result<Expr> {
        let out = self.expr(e)?;
        Ok(coerce(out, &e.ty, want))
    }

    pub(super) fn exprs_as(&mut self, es: &[core::Expr], want: &[T]) -> diag::Result<Vec<Expr>> {
        es.iter()
            .zip(want)
            .map(|(e, t)| self.expr_as(e, t))
            .collect()
    }

    pub(super) fn expr(&mut self, e: &core::Expr) -> diag::Result<Expr> {
        let plain = |k| Ok(Expr::plain(k));
        match &e.kind {
            K::Int(i) => plain(ExprKind::IntLit(*i)),
            K::Bool(b) => plain(ExprKind::BoolLit(*b)),
            K::Null => plain(ExprKind::NullLit),
            K::This => plain(ExprKind::Local(crate::name!("this"))),
            K::Result => match self.scope {
                Scope::Function => plain(ExprKind::Result),
                _ => plain(ExprKind::Local(crate::name!(super::names::RESULT))),
            },
            K::Local(n) => plain(ExprKind::Local(self.local_name(*n))),
            K::CurrentThread => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "\\current_thread reached the encoder (passes::current_thread removes it; a bug in weft)",
            )]),
            K::Token(t, _) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                format!(
                    "{}(…) reached the encoder (passes::locks and passes::threads remove it; a bug in weft)",
                    t.keyword()
                ),
            )]),
            K::History(..) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "a history expression reached the encoder (passes::histories removes it; a bug in weft)",
            )]),
            K::InstanceOf(..) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "instanceof reached the encoder (passes::dyntype removes it; a bug in weft)",
            )]),
            K::Collection(c, _) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                format!(
                    "{} reached the encoder (passes::collections removes it; a bug in weft)",
                    c.name()
                ),
            )]),
            K::Invoke(..) | K::NewArray(..) | K::Effect(..) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "a call, array creation or increment inside an expression reached the encoder (passes::lift removes it; a bug in weft)",
            )]),
            K::GroupAccess(..) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "an instance of a group predicate reached the encoder (passes::group removes it; a bug in weft)",
            )]),
            K::Cast(..) => Err(vec![Diagnostic::error(
                diag::ErrorCode::Internal,
                e.span,
                "a class cast reached the encoder (passes::dyntype removes it; a bug in weft)",
            )]),
            // `asserting (cond) in value`, the condition blamed as the code.
            K::Checked(xs, code) => {
                let what = match code {
                    FailureCode::CastFailed => What::Cast,
                    _ => What::Assertion,
                };
                let o = self.origin(e.span, Blame::As(*code), what);
                let cond = self.expr(&xs[0])?.with_origin(o);
                let value = self.expr(&xs[1])?;
                Ok(Expr::plain(ExprKind::Asserting(boxed(cond), boxed(value))))
            }
            K::Field(recv, f) => self.field_read(e, recv, *f),
            K::ArrayIndex(a, i) => {
                let loc = self.element_loc(a, i, e)?;
                let item = self.item_field(&e.ty);
                // A kernel's scalar `x` is the cell `x[0]`, spanning `x` alone.
                let what = if a.span == e.span {
                    What::CellRead
                } else {
                    What::ArrayElementRead
                };
                let o = self.origin(e.span, Blame::As(FailureCode::Perm), what);
                Ok(Expr::new(ExprKind::FieldAccess(boxed(loc), item), o))
            }
            K::Builtin(b, args) => self.builtin(e, *b, args),
            K::FunctionCall { func, recv, args } => {
                let f = self.p.function(*func);
                let mut vargs = Vec::new();
                if let Some(r) = recv {
                    vargs.push(self.expr(r)?);
                }
                let want: Vec<T> = f.params.iter().map(|v| v.ty.clone()).collect();
                vargs.extend(self.exprs_as(args, &want)?);
                if f.is_inline {
                    return self.inline_function(e, *func, vargs);
                }
                let name = self.names.function(*func);
                let o = self.origin(e.span, Blame::Direct, What::FunctionCall);
                Ok(Expr::new(ExprKind::FuncApp(name, vargs), o))
            }
            K::PredicateAccess(access) => {
                let acc = self.predicate_access(e)?;
                self.with_receiver(e, access, acc)
            }
            K::Unary(op, x) => {
                let op = match op {
                    U::Not => UnOp::Not,
                    U::Neg => UnOp::Neg,
                };
                let x = self.expr_as(x, &e.ty)?;
                plain(ExprKind::Unary(op, boxed(x)))
            }
            K::Binary(op, l, r) => self.binary(e, *op, l, r),
            K::Cond(c, t, f) => {
                let c = self.expr(c)?;
                let t = self.expr_as(t, &e.ty)?;
                let f = self.expr_as(f, &e.ty)?;
                plain(ExprKind::Cond(boxed(c), boxed(t), boxed(f)))
            }
            K::Old(label, x) => {
                let x = self.expr(x)?;
                plain(ExprKind::Old(*label, boxed(x)))
            }
            K::Perm(loc, p) => self.permission(e, loc, p),
            K::CurPerm(loc) => match &loc.kind {
                K::Field(recv, f) if self.p.field(*f).is_final => {
                    let _ = recv;
                    plain(ExprKind::FullPerm)
                }
                K::Field(recv, f) => {
                    let recv = self.expr(recv)?;
                    plain(ExprKind::CurPermField(boxed(recv), self.names.field(*f)))
                }
                K::ArrayIndex(a, i) => {
                    let l = self.element_loc(a, i, loc)?;
                    let item = self.item_field(&loc.ty);
                    plain(ExprKind::CurPermField(boxed(l), item))
                }
                _ => Err(vec![Diagnostic::not_supported(
                    loc.span,
                    "perm() of this expression",
                )]),
            },
            K::Write => plain(ExprKind::FullPerm),
            K::Read => plain(ExprKind::Wildcard),
            K::NoPerm => plain(ExprKind::NoPerm),
            K::Quant {
                q,
                vars,
                triggers,
                body,
            } => {
                // The user's trigger (`{: … :}` marks) replaces weft's choice.
                let triggers = if triggers.is_empty() {
                    self.array_triggers(*q, vars, body)?
                } else {
                    // Terms, not evaluations: without their access checks.
                    let sets: diag::Result<Vec<Vec<_>>> = triggers
                        .iter()
                        .map(|t| {
                            t.iter()
                                .map(|m| self.expr(m).map(super::triggers::bare))
                                .collect()
                        })
                        .collect();
                    sets?
                };
                let vars = vars
                    .iter()
                    .map(|v| vir::LocalDecl {
                        name: v.name,
                        ty: self.ty(&v.ty),
                    })
                    .collect();
                self.plain_predicates += 1;
                let body = self.expr(body);
                self.plain_predicates -= 1;
                let body = body?;
                let q = match q {
                    Q::Forall | Q::ForallStar => Quantifier::Forall,
                    Q::Exists => Quantifier::Exists,
                };
                plain(ExprKind::Quant {
                    q,
                    vars,
                    triggers: triggers.into(),
                    body: boxed(body),
                })
            }
            K::Let { var, value, body } => {
                let decl = vir::LocalDecl {
                    name: var.name,
                    ty: self.ty(&var.ty),
                };
                let value = self.expr_as(value, &var.ty)?;
                let body = self.expr(body)?;
                plain(ExprKind::Let(Box::new(decl), boxed(value), boxed(body)))
            }
            K::Unfolding(pred, body) => {
                let acc = self.plain_predicate_access(pred)?;
                let body = self.expr(body)?;
                let o = self.origin(e.span, Blame::Direct, What::Unfolding);
                Ok(Expr::new(ExprKind::Unfolding(boxed(acc), boxed(body)), o))
            }
            K::ArraySum(a) => {
                let a = self.expr(a)?;
                self.item_field(&T::Int);
                self.prelude.sums = true;
                let o = self.origin(e.span, Blame::As(FailureCode::Perm), What::ArraySum);
                let snap = Expr::new(ExprKind::FuncApp(prelude::SNAP.into(), vec![a]), o);
                Ok(prelude::sum(snap))
            }
            K::ArrayOf(a, n) => {
                let a = self.expr(a)?;
                let n = self.expr(n)?;
                self.prelude.arrays = true;
                let len = prelude::length(a.clone());
                Ok(Expr::and(
                    Expr::binary(BinOp::Ne, a, Expr::plain(ExprKind::NullLit)),
                    Expr::binary(BinOp::Eq, len, n),
                ))
            }
            K::SeqLit(xs) | K::SetLit(xs) | K::BagLit(xs) => {
                let elem_ty = match &e.ty {
                    T::Seq(t) | T::Set(t) | T::Bag(t) => (**t).clone(),
                    _ => return Err(vec![Diagnostic::not_supported(e.span, "this literal")]),
                };
                let vt = Box::new(self.ty(&elem_ty));
                let xs = xs
                    .iter()
                    .map(|x| self.expr_as(x, &elem_ty))
                    .collect::<diag::Result<Vec<_>>>()?;
                plain(match &e.kind {
                    K::SeqLit(_) => ExprKind::SeqLit(vt, xs),
                    K::SetLit(_) => ExprKind::SetLit(vt, xs),
                    _ => ExprKind::MultisetLit(vt, xs),
                })
            }
            // The checker leaves no mark (they are the quantifiers' triggers).
            K::Trigger(_, x) => self.expr(x),
            K::OptSome(x) => {
                let elem = match &e.ty {
                    T::Option(t) => (**t).clone(),
                    _ => x.ty.clone(),
                };
                let x = self.expr_as(x, &elem)?;
                let ty = self.ty(&e.ty);
                plain(ExprKind::DomainFuncApp(
                    prelude::SOME.into(),
                    Box::new([x]),
                    Box::new(ty),
                ))
            }
            K::OptNone => {
                let ty = self.ty(&e.ty);
                plain(ExprKind::DomainFuncApp(
                    prelude::NONE.into(),
                    Box::default(),
                    Box::new(ty),
                ))
            }
        }
    }

    /// A local's name in the IR: parameters that the body assigns are copies.
    pub(super) fn local_name(&self, n: Name) -> Name {
        self.renames.get(&n).copied().unwrap_or(n)
    }

    fn field_read(
        &mut self,
        e: &core::Expr,
        recv: &core::Expr,
        f: core::FieldId,
    ) -> diag::Result<Expr> {
        let field = self.p.field(f);
        let recv = self.expr(recv)?;
        // A final field is a function of the object once its constructor has returned.
        if field.is_final && self.scope != Scope::Constructor(field.class) {
            return Ok(Expr::plain(ExprKind::FuncApp(
                self.names.final_value(f),
                vec![recv],
            )));
        }
        let o = self.origin(e.span, Blame::As(FailureCode::Perm), What::FieldRead);
        Ok(Expr::new(
            ExprKind::FieldAccess(boxed(recv), self.names.field(f)),
            o,
        ))
    }

    /// The location of `a[i]`, checked where it is evaluated (see
    /// [`Encoder::checked_element`]).
    pub(super) fn element_loc(
        &mut self,
        a: &core::Expr,
        i: &core::Expr,
        at: &core::Expr,
    ) -> diag::Result<Expr> {
        let a = self.expr(a)?;
        let i = self.expr(i)?;
        Ok(self.checked_element(a, i, at.span))
    }

    /// `asserting (a != null && 0 <= i && i < weft_len(a)) in weft_loc(a, i)`:
    /// the element's location, once the null check (`arrayNull`) and the
    /// bounds check (`arrayBounds`) hold, wherever it is evaluated — in code
    /// and in specifications alike. `weft_loc` is a domain function, so the
    /// term is the same in quantified permissions, triggers and reads (a
    /// Viper function with this precondition costs Silicon a fifth more on
    /// the K-arrays benchmark). An operand that holds an access itself is
    /// named first, so its checks are made once and the text stays linear in
    /// the nesting.
    pub(super) fn checked_element(
        &mut self,
        a: Expr,
        i: Expr,
        span: crate::syntax::span::Span,
    ) -> Expr {
        self.prelude.arrays = true;
        let mut names = Vec::new();
        let a = self.named_if_checked(a, vir::Type::Ref, &mut names);
        let i = self.named_if_checked(i, vir::Type::Int, &mut names);
        let null = self.origin(span, Blame::As(FailureCode::ArrayNull), What::ArrayIndex);
        let bounds = self.origin(span, Blame::As(FailureCode::ArrayBounds), What::ArrayIndex);
        let low = Expr::binary(BinOp::Le, Expr::int(0), i.clone()).with_origin(bounds);
        let high = Expr::binary(BinOp::Lt, i.clone(), prelude::length(a.clone()));
        let cond = Expr::and(Expr::and(non_null(&a, null), low), high.with_origin(bounds));
        let mut loc = Expr::plain(ExprKind::Asserting(
            boxed(cond),
            boxed(prelude::element(a, i)),
        ));
        for (d, v) in names.into_iter().rev() {
            loc = Expr::plain(ExprKind::Let(Box::new(d), boxed(v), boxed(loc)));
        }
        loc
    }

    /// `e` itself, or a fresh name bound to it (in `names`) when `e` holds a
    /// checked access.
    fn named_if_checked(
        &mut self,
        e: Expr,
        ty: vir::Type,
        names: &mut Vec<(vir::LocalDecl, Expr)>,
    ) -> Expr {
        let mut checked = false;
        vir::visit::visit(&e, &mut |x| {
            checked |= matches!(x.kind, ExprKind::Asserting(..));
        });
        if !checked {
            return e;
        }
        self.fresh += 1;
        let name = Name::from(format!("weft_e{}", self.fresh));
        names.push((vir::LocalDecl { name, ty }, e));
        Expr::local(name)
    }

    fn builtin(&mut self, e: &core::Expr, b: Builtin, args: &[core::Expr]) -> diag::Result<Expr> {
        let mut xs = args
            .iter()
            .map(|a| self.expr(a))
            .collect::<diag::Result<Vec<_>>>()?;
        let arg = |xs: &mut Vec<Expr>| boxed(xs.remove(0));
        let seq_origin = |s: &mut Self| s.origin(e.span, Blame::Direct, What::SequenceIndex);
        Ok(match b {
            Builtin::ArrayLength => {
                self.prelude.arrays = true;
                // Checked as an access is (`checked_element`): the same
                // length term everywhere, so length facts meet bounds checks.
                let o = self.origin(e.span, Blame::As(FailureCode::ArrayNull), What::ArrayLength);
                let a = xs.remove(0);
                Expr::plain(ExprKind::Asserting(
                    boxed(non_null(&a, o)),
                    boxed(prelude::length(a)),
                ))
            }
            Builtin::Size => Expr::plain(ExprKind::Size(arg(&mut xs))),
            Builtin::SeqHead => {
                let o = seq_origin(self);
                Expr::new(ExprKind::SeqIndex(arg(&mut xs), boxed(Expr::int(0))), o)
            }
            Builtin::SeqTail => Expr::plain(ExprKind::SeqSlice(
                arg(&mut xs),
                Some(boxed(Expr::int(1))),
                None,
            )),
            Builtin::SeqSlice => {
                let s = arg(&mut xs);
                let lo = arg(&mut xs);
                let hi = arg(&mut xs);
                Expr::plain(ExprKind::SeqSlice(s, Some(lo), Some(hi)))
            }
            Builtin::SeqIndex => {
                let s = arg(&mut xs);
                let i = arg(&mut xs);
                let o = seq_origin(self);
                Expr::new(ExprKind::SeqIndex(s, i), o)
            }
            Builtin::SeqUpdate => {
                let s = arg(&mut xs);
                let i = arg(&mut xs);
                let v = arg(&mut xs);
                let o = seq_origin(self);
                Expr::new(ExprKind::SeqUpdate(s, i, v), o)
            }
            Builtin::ArrayValues => {
                let elem = match &args[0].ty {
                    T::Array(t) => (**t).clone(),
                    t => t.clone(),
                };
                self.item_field(&elem);
                let ty = self.ty(&elem);
                let name = prelude::values_name(&ty);
                self.prelude.values.insert(ty);
                let o = self.origin(e.span, Blame::Direct, What::ArrayValues);
                Expr::new(ExprKind::FuncApp(name, xs), o)
            }
            Builtin::MapEmpty => {
                let t = self.ty(&e.ty);
                Expr::plain(ExprKind::Map(MapOp::Empty, Box::default(), Box::new(t)))
            }
            Builtin::MapUpdate | Builtin::MapKeys | Builtin::MapValues => {
                let t = self.ty(&args[0].ty);
                let op = match b {
                    Builtin::MapUpdate => MapOp::Update,
                    Builtin::MapKeys => MapOp::Domain,
                    _ => MapOp::Range,
                };
                Expr::plain(ExprKind::Map(op, xs.into(), Box::new(t)))
            }
            Builtin::MapGet => {
                let t = self.ty(&args[0].ty);
                let o = self.origin(e.span, Blame::As(FailureCode::MapKey), What::MapLookup);
                Expr::new(ExprKind::Map(MapOp::Get, xs.into(), Box::new(t)), o)
            }
            Builtin::MapRemove | Builtin::MapItems | Builtin::MapDisjoint => {
                self.prelude.map_ops = true;
                let t = self.ty(&e.ty);
                let f = match b {
                    Builtin::MapRemove => prelude::MAP_REMOVE,
                    Builtin::MapItems => prelude::MAP_ITEMS,
                    _ => prelude::MAP_DISJOINT,
                };
                prelude::domain_app(f, xs, t)
            }
            Builtin::TupleMake | Builtin::TupleFst | Builtin::TupleSnd => {
                self.prelude.tuples = true;
                let t = self.ty(&e.ty);
                let f = match b {
                    Builtin::TupleMake => prelude::TUPLE_MAKE,
                    Builtin::TupleFst => prelude::FST,
                    _ => prelude::SND,
                };
                prelude::domain_app(f, xs, t)
            }
            // o.get  ~>  weft_get_T(o), whose precondition is o != None (optionNone)
            Builtin::OptGet => {
                let ty = self.ty(&e.ty);
                let name = prelude::checked_get(&ty);
                self.prelude.option_gets.insert(ty);
                let o = self.origin(
                    e.span,
                    Blame::As(FailureCode::OptionNone),
                    What::OptionValue,
                );
                Expr::new(ExprKind::FuncApp(Name::from(name), xs), o)
            }
        })
    }

    pub(super) fn predicate_access(&mut self, e: &core::Expr) -> diag::Result<Expr> {
        let K::PredicateAccess(access) = &e.kind else {
            return Err(vec![Diagnostic::not_supported(
                e.span,
                "this expression as a predicate",
            )]);
        };
        let core::PredicateAccess {
            pred,
            recv,
            args,
            perm,
        } = &**access;
        let q = self.p.predicate(*pred);
        let mut vargs = Vec::new();
        if let Some(r) = recv {
            vargs.push(self.expr(r)?);
        }
        let want: Vec<T> = q.params.iter().map(|v| v.ty.clone()).collect();
        vargs.extend(self.exprs_as(args, &want)?);
        if q.is_inline {
            return self.inline_predicate(e, *pred, vargs, perm);
        }
        let perm = self.expr_as(perm, &T::Rational)?;
        let o = self.origin(e.span, Blame::Resource, What::Predicate);
        Ok(Expr::new(
            ExprKind::PredicateAcc(self.names.predicate(*pred), vargs.into(), boxed(perm)),
            o,
        ))
    }

    /// `x.p(…)` as `acc(p(x, …))` alone, as `fold`, `unfold` and `unfolding`
    /// take it (an inline predicate's body too: a fold of it folds the
    /// predicate it names).
    pub(super) fn plain_predicate_access(&mut self, e: &core::Expr) -> diag::Result<Expr> {
        self.plain_predicates += 1;
        let acc = self.predicate_access(e);
        self.plain_predicates -= 1;
        acc
    }

    /// Holding `x.p(…)` says that `x` is not null: an instance predicate of
    /// null can never be folded (the fold checks it, see `Encoder::fold_receiver`),
    /// so every instance anyone holds has a non-null receiver, and the
    /// assertion `x.p(…)` is `acc(p(x, …)) && x != null`. Inside a quantifier
    /// (it would need triggers of its own) and where only `acc` fits
    /// ([`Self::plain_predicate_access`]) the fact is left out.
    fn with_receiver(
        &mut self,
        e: &core::Expr,
        access: &core::PredicateAccess,
        acc: Expr,
    ) -> diag::Result<Expr> {
        let Some(recv) = &access.recv else {
            return Ok(acc);
        };
        let inline = self.p.predicate(access.pred).is_inline;
        if inline || self.plain_predicates > 0 || matches!(recv.kind, K::This) {
            return Ok(acc);
        }
        let r = self.expr(recv)?;
        let o = self.origin(e.span, Blame::Resource, What::Predicate);
        let not_null = Expr::binary(BinOp::Ne, r, Expr::plain(ExprKind::NullLit)).with_origin(o);
        Ok(Expr::and(acc, not_null))
    }

    /// An inline predicate stands for its body, with the arguments substituted.
    fn inline_predicate(
        &mut self,
        e: &core::Expr,
        pred: core::PredicateId,
        args: Vec<Expr>,
        perm: &core::Expr,
    ) -> diag::Result<Expr> {
        let q = self.p.predicate(pred);
        let Some(body) = &q.body else {
            return Err(vec![Diagnostic::not_supported(
                e.span,
                "an abstract inline predicate",
            )]);
        };
        let mut out = self.substituted(q.has_this(), &q.params, body, None, args)?;
        if !matches!(perm.kind, K::Write) {
            // `[p]r()` is r's body with every amount in it taken p times.
            let p = self.expr_as(perm, &T::Rational)?;
            crate::vir::visit::visit_mut(&mut out, &mut |x| match &mut x.kind {
                ExprKind::FieldAcc(_, _, amount) | ExprKind::PredicateAcc(_, _, amount)
                    if !matches!(amount.kind, ExprKind::Wildcard) =>
                {
                    let was = std::mem::replace(&mut **amount, Expr::plain(ExprKind::FullPerm));
                    **amount = Expr::binary(BinOp::Mul, p.clone(), was);
                }
                _ => {}
            });
        }
        Ok(out)
    }

    /// An inline member's `body` with its receiver (`has_this`) and `params`
    /// replaced by `args`, encoded as `want` when given. The body is encoded
    /// without the caller's renamings: its names are the member's own.
    fn substituted(
        &mut self,
        has_this: bool,
        params: &[core::Var],
        body: &core::Expr,
        want: Option<&T>,
        args: Vec<Expr>,
    ) -> diag::Result<Expr> {
        let mut names: Vec<Name> = Vec::new();
        if has_this {
            names.push(crate::name!("this"));
        }
        names.extend(params.iter().map(|v| v.name));
        let saved = std::mem::take(&mut self.renames);
        let body = match want {
            Some(t) => self.expr_as(body, t),
            None => self.expr(body),
        };
        self.renames = saved;
        let map: std::collections::HashMap<Name, Expr> = names.into_iter().zip(args).collect();
        Ok(crate::vir::visit::substitute(body?, &map))
    }

    /// An inline function's call stands for its body, with the arguments substituted.
    fn inline_function(
        &mut self,
        e: &core::Expr,
        func: core::FunctionId,
        args: Vec<Expr>,
    ) -> diag::Result<Expr> {
        let f = self.p.function(func);
        let Some(body) = &f.body else {
            return Err(vec![Diagnostic::not_supported(
                e.span,
                "an inline function without a body",
            )]);
        };
        self.substituted(f.has_this(), &f.params, body, Some(&f.ret), args)
    }

    fn permission(
        &mut self,
        e: &core::Expr,
        loc: &core::Expr,
        p: &core::Expr,
    ) -> diag::Result<Expr> {
        let perm = self.expr_as(p, &T::Rational)?;
        let o = self.origin(e.span, Blame::Resource, What::Permission);
        match &loc.kind {
            // Final fields need no permission: they never change after construction.
            K::Field(_, f) if self.p.field(*f).is_final => Ok(Expr::bool(true)),
            K::Field(recv, f) => {
                let recv = self.expr(recv)?;
                Ok(Expr::new(
                    ExprKind::FieldAcc(boxed(recv), self.names.field(*f), boxed(perm)),
                    o,
                ))
            }
            K::ArrayIndex(a, i) => {
                let l = self.element_loc(a, i, loc)?;
                let item = self.item_field(&loc.ty);
                Ok(Expr::new(
                    ExprKind::FieldAcc(boxed(l), item, boxed(perm)),
                    o,
                ))
            }
            _ => Err(vec![Diagnostic::not_supported(
                loc.span,
                "Perm of this expression",
            )]),
        }
    }

    fn binary(
        &mut self,
        e: &core::Expr,
        op: B,
        l: &core::Expr,
        r: &core::Expr,
    ) -> diag::Result<Expr> {
        let perm_operands = l.ty.is_perm() || r.ty.is_perm();
        let operand_ty = if perm_operands {
            T::Rational
        } else {
            l.ty.clone()
        };
        if op == B::In {
            let elem = match &r.ty {
                T::Seq(t) | T::Set(t) | T::Bag(t) => (**t).clone(),
                _ => l.ty.clone(),
            };
            let vl = self.expr_as(l, &elem)?;
            let vr = self.expr_as(r, &operand_ty)?;
            let membership = Expr::binary(BinOp::In, vl, vr);
            // Silver's `in` on a multiset is the multiplicity, which is what
            // the checker typed it as (an int, as in VerCors).
            return Ok(match (&r.ty, &e.ty) {
                (T::Bag(_), T::Bool) => Expr::binary(BinOp::Gt, membership, Expr::int(0)),
                _ => membership,
            });
        }
        if op == B::Wand {
            // A wand is held and matched by its shape: `x.p()` on either
            // side is `acc(p(x))` alone (no `x != null`, which `this.p()`
            // leaves out), so a wand packaged for `this` is the one a loop
            // invariant states for a local equal to it.
            self.plain_predicates += 1;
            let sides = self
                .expr_as(l, &operand_ty)
                .and_then(|vl| Ok((vl, self.expr_as(r, &operand_ty)?)));
            self.plain_predicates -= 1;
            let (vl, vr) = sides?;
            return Ok(Expr::binary(BinOp::Wand, vl, vr));
        }
        let vl = self.expr_as(l, &operand_ty)?;
        let vr = self.expr_as(r, &operand_ty)?;
        let literal_divisor = match &vr.kind {
            ExprKind::IntLit(v) => Some(v.get()),
            ExprKind::Unary(crate::vir::UnOp::Neg, x) => match &x.kind {
                ExprKind::IntLit(v) => Some(-v.get()),
                _ => None,
            },
            _ => None,
        }
        .filter(|k| *k != 0);
        let vop = match (op, &l.ty) {
            (B::Add, T::Seq(_)) => BinOp::SeqConcat,
            (B::Add, T::Set(_) | T::Bag(_)) => BinOp::Union,
            (B::Sub, T::Set(_) | T::Bag(_)) => BinOp::Setminus,
            (B::Mul, T::Set(_) | T::Bag(_)) => BinOp::Intersection,
            // Inclusion of sets and of bags.
            (B::Le, T::Set(_) | T::Bag(_)) => BinOp::Subset,
            (B::Ge, T::Set(_) | T::Bag(_)) => return Ok(Expr::binary(BinOp::Subset, vr, vl)),
            (B::Lt, T::Set(_) | T::Bag(_)) => return Ok(strict_subset(vl, vr)),
            (B::Gt, T::Set(_) | T::Bag(_)) => return Ok(strict_subset(vr, vl)),
            (B::Add, _) => BinOp::Add,
            (B::Sub, _) => BinOp::Sub,
            (B::Mul, _) => BinOp::Mul,
            (B::FracDiv, _) | (B::Div, _) if perm_operands || op == B::FracDiv => {
                let o = self.origin(e.span, Blame::As(FailureCode::DivByZero), What::Division);
                return Ok(Expr::new(
                    ExprKind::Binary(BinOp::PermDiv, boxed(vl), boxed(vr)),
                    o,
                ));
            }
            // Only `%`: an inline quotient in a quantified permission's location
            // (`a[i / 2]`) makes Silicon's injectivity check search without end,
            // where the function call fails at once.
            (B::Mod, _) if literal_divisor.is_some() => {
                let k = literal_divisor.unwrap_or(1);
                let o = self.origin(e.span, Blame::As(FailureCode::DivByZero), What::Division);
                return Ok(prelude::mod_by_literal(vl, k).with_origin(o));
            }
            (B::Div | B::Mod | B::FracDiv, _) => {
                self.prelude.division = true;
                let f = if op == B::Div {
                    prelude::DIV
                } else {
                    prelude::MOD
                };
                let o = self.origin(e.span, Blame::As(FailureCode::DivByZero), What::Division);
                return Ok(Expr::new(ExprKind::FuncApp(f.into(), vec![vl, vr]), o));
            }
            (B::Eq, _) => BinOp::Eq,
            (B::Ne, _) => BinOp::Ne,
            (B::Lt, _) => BinOp::Lt,
            (B::Le, _) => BinOp::Le,
            (B::Gt, _) => BinOp::Gt,
            (B::Ge, _) => BinOp::Ge,
            (B::And | B::Star, _) => BinOp::And,
            (B::Or, _) => BinOp::Or,
            (B::Implies, _) => BinOp::Implies,
            (B::Wand, _) => BinOp::Wand,
            (B::In | B::Member | B::Prepend | B::Append | B::BitAnd | B::BitOr | B::BitXor, _) => {
                return Err(vec![Diagnostic::not_supported(
                    e.span,
                    "this operator here (the checker should have rewritten it)",
                )])
            }
        };
        Ok(Expr::binary(vop, vl, vr))
    }
}

/// `a < b` on sets or bags: `a subset b && a != b`.
fn strict_subset(a: Expr, b: Expr) -> Expr {
    let sub = Expr::binary(BinOp::Subset, a.clone(), b.clone());
    Expr::and(sub, Expr::binary(BinOp::Ne, a, b))
}

/// Int used where a permission is expected becomes `n/1`.
pub(super) fn coerce(e: Expr, from: &T, want: &T) -> Expr {
    if matches!(from, T::Int) && want.is_perm() {
        Expr::binary(BinOp::PermDiv, e, Expr::int(1))
    } else {
        e
    }
}

/// `a != null`, the null check of an access to array `a`, blamed on `origin`.
fn non_null(a: &Expr, origin: vir::Origin) -> Expr {
    Expr::binary(BinOp::Ne, a.clone(), Expr::plain(ExprKind::NullLit)).with_origin(origin)
}

/// Calls `f` on each resource (`acc(…)`) of an assertion.
pub(super) fn resources_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    if matches!(e.kind, ExprKind::FieldAcc(..) | ExprKind::PredicateAcc(..)) {
        return f(e);
    }
    match &mut e.kind {
        ExprKind::Binary(_, l, r) | ExprKind::Cond(_, l, r) => {
            resources_mut(l, f);
            resources_mut(r, f);
        }
        ExprKind::Let(_, _, b) | ExprKind::Quant { body: b, .. } => resources_mut(b, f),
        _ => {}
    }
}
