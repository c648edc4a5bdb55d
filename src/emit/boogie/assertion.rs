//! Inhale and exhale of assertions into a mask, and predicate frames.
//!
//! * inhale `acc(r.f, p)`: `Mask[r, f] += p`, `assume GoodMask(Mask)` (so
//!   more than write on a field makes the path infeasible); pure parts are
//!   assumed.
//! * exhale `acc(r.f, p)`: `assert Mask[r, f] >= p`, `Mask[r, f] -= p`; pure
//!   parts are asserted. The caller forgets the values of locations no
//!   longer held ([`Gen::forget`]) once the whole assertion is exhaled.
//! * A predicate instance `P(args)` is the location `null.P(args)`, whose
//!   heap value is a frame of the values in its body: folding stores it,
//!   unfolding ties the body's values to it again.

use super::expr::St;
use super::info::has_resources;
use super::proc::{Gen, R};
use super::{Check, Inner, Unsupported};
use crate::vir::failure::{FailureKind, FailureReason};
use crate::vir::{BinOp, Expr, ExprKind, Origin, Quantifier};

/// How failures of an exhale are reported.
#[derive(Clone, Debug)]
pub struct Blaming {
    pub kind: FailureKind,
    /// The construct that fails (a call, a fold, a statement).
    pub construct: Origin,
    /// Report at the innermost clause with an origin rather than the construct
    /// (postconditions, invariants, asserted expressions).
    pub clause_blamed: bool,
    /// A callee's clause, as related location.
    pub clause: Origin,
}

/// The scale of a body folded at a wildcard amount: each of its amounts is
/// taken as a wildcard (some positive amount less than is held).
pub const WILDCARD_SCALE: &str = "$wildcard";

impl Gen<'_> {
    /// A permission amount, scaled.
    fn amount(&mut self, p: &Expr, scale: Option<&str>, st: &St) -> R<String> {
        let p = self.ctx.as_type(p, true, st)?;
        Ok(match scale {
            None => p,
            Some(s) => format!("({s} * {p})"),
        })
    }

    pub fn inhale_into(
        &mut self,
        e: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        wd: bool,
    ) -> R {
        let here = st.with_mask(mask);
        use ExprKind as K;
        match &e.kind {
            K::Binary(BinOp::And, l, r) => {
                self.inhale_into(l, mask, st, scale, wd)?;
                self.inhale_into(r, mask, st, scale, wd)
            }
            K::Binary(BinOp::Implies, c, b) if has_resources(b) => {
                if wd {
                    self.wd(c, &here, e.origin)?;
                }
                let c = self.ctx.expr(c, &here)?;
                self.guarded(Some(c), |g| g.inhale_into(b, mask, st, scale, wd))
            }
            K::Cond(c, a, b) if has_resources(e) => {
                if wd {
                    self.wd(c, &here, e.origin)?;
                }
                let c = self.ctx.expr(c, &here)?;
                self.p.open(format!("if ({c})"));
                self.inhale_into(a, mask, st, scale, wd)?;
                self.p.otherwise();
                self.inhale_into(b, mask, st, scale, wd)?;
                self.p.close();
                Ok(())
            }
            K::Let(d, v, body) if has_resources(body) => {
                if wd {
                    self.wd(v, &here, e.origin)?;
                }
                let v = format!("({})", self.ctx.expr(v, &here)?);
                self.bind_all(std::slice::from_ref(d), vec![v], |g| {
                    g.inhale_into(body, mask, st, scale, wd)
                })
            }
            K::FieldAcc(r, f, p) => {
                if wd {
                    self.wd(r, &here, e.origin)?;
                    self.wd(p, &here, e.origin)?;
                }
                let r = self.ctx.expr(r, &here)?;
                let amount = self.inhaled_amount(p, scale, &here, e.origin, wd, false)?;
                if scale.is_none() && is_positive_literal(p) {
                    self.p.line(format!("assume {r} != null;"));
                } else {
                    self.p
                        .line(format!("assume {amount} > 0.0 ==> {r} != null;"));
                }
                self.p
                    .line(format!("{mask}[{r}, {f}] := {mask}[{r}, {f}] + {amount};"));
                self.p.line(format!("assume GoodMask({mask});"));
                Ok(())
            }
            K::PredicateAcc(name, args, p) => {
                if wd {
                    args.iter().try_for_each(|a| self.wd(a, &here, e.origin))?;
                    self.wd(p, &here, e.origin)?;
                }
                let loc = self.ctx.predicate_loc(name, args, &here)?;
                let amount = self.inhaled_amount(p, scale, &here, e.origin, wd, true)?;
                self.p.line(format!(
                    "{mask}[null, {loc}] := {mask}[null, {loc}] + {amount};"
                ));
                self.p.line(format!("assume GoodMask({mask});"));
                Ok(())
            }
            K::Quant {
                q: Quantifier::Forall,
                vars,
                body,
                ..
            } if has_resources(body) => self.qp(vars, body, mask, st, scale, None, e.origin, wd),
            _ if has_resources(e) => Err(Unsupported::new(
                "this form of assertion on the Boogie backend",
                e,
            )),
            _ => {
                if wd {
                    self.wd(e, &here, e.origin)?;
                }
                let v = self.ctx.expr(e, &here)?;
                self.p.line(format!("assume {v};"));
                Ok(())
            }
        }
    }

    /// The amount an inhale adds: a wildcard is a fresh positive amount; a
    /// computed amount must not be negative.
    fn inhaled_amount(
        &mut self,
        p: &Expr,
        scale: Option<&str>,
        st: &St,
        at: Origin,
        check: bool,
        of_predicate: bool,
    ) -> R<String> {
        if matches!(p.kind, ExprKind::Wildcard) {
            let w = self.p.fresh("wildcard", "real");
            self.p.line(format!("havoc {w};"));
            self.p.line(format!("assume 0.0 < {w};"));
            return Ok(w);
        }
        let amount = self.amount(p, scale, st)?;
        if check && !is_literal_perm(p) {
            let kind = FailureKind::Other("permission amount".into());
            self.negative_check(&amount, kind, at, of_predicate);
        }
        Ok(amount)
    }

    /// `amount >= 0` for the amount of a resource at `at` (`scale`: of a
    /// predicate instance); `kind`: the operation that fails with it (an
    /// exhale's, so that the failure is `exhaleFailed:negativePermValue`).
    fn negative_check(&mut self, amount: &str, kind: FailureKind, at: Origin, scale: bool) {
        let inner = if scale { Inner::Scale } else { Inner::None };
        self.wd_check(
            &format!("{amount} >= 0.0"),
            kind,
            FailureReason::NegativePermission,
            at,
            inner,
            Origin::NONE,
        );
    }

    /// Exhales `e` from `mask` (values read in `st`'s heap): asserts and
    /// subtractions only; see [`Gen::forget`].
    pub fn exhale_into(
        &mut self,
        e: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        b: &Blaming,
    ) -> R {
        self.exhale_at(e, mask, st, scale, b, b.construct)
    }

    fn exhale_at(
        &mut self,
        e: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        b: &Blaming,
        enclosing: Origin,
    ) -> R {
        let enclosing = if e.origin.is_none() {
            enclosing
        } else {
            e.origin
        };
        let failing = if b.clause_blamed {
            enclosing
        } else {
            b.construct
        };
        // Values are read in the state before the exhale: `st`'s mask.
        use ExprKind as K;
        match &e.kind {
            K::Binary(BinOp::And, l, r) => {
                self.exhale_at(l, mask, st, scale, b, enclosing)?;
                self.exhale_at(r, mask, st, scale, b, enclosing)
            }
            K::Binary(BinOp::Implies, c, body) if has_resources(body) => {
                let c = self.ctx.expr(c, st)?;
                self.guarded(Some(c), |g| {
                    g.exhale_at(body, mask, st, scale, b, enclosing)
                })
            }
            K::Cond(c, x, y) if has_resources(e) => {
                let c = self.ctx.expr(c, st)?;
                self.p.open(format!("if ({c})"));
                self.exhale_at(x, mask, st, scale, b, enclosing)?;
                self.p.otherwise();
                self.exhale_at(y, mask, st, scale, b, enclosing)?;
                self.p.close();
                Ok(())
            }
            K::Let(d, v, body) if has_resources(body) => {
                let v = format!("({})", self.ctx.expr(v, st)?);
                self.bind_all(std::slice::from_ref(d), vec![v], |g| {
                    g.exhale_at(body, mask, st, scale, b, enclosing)
                })
            }
            K::FieldAcc(r, f, p) => {
                let r = self.ctx.expr(r, st)?;
                self.take(&format!("{r}, {f}"), p, mask, st, scale, b, failing, false)
            }
            K::PredicateAcc(name, args, p) => {
                let loc = self.ctx.predicate_loc(name, args, st)?;
                self.take(
                    &format!("null, {loc}"),
                    p,
                    mask,
                    st,
                    scale,
                    b,
                    failing,
                    true,
                )
            }
            K::Quant {
                q: Quantifier::Forall,
                vars,
                body,
                ..
            } if has_resources(body) => {
                if scale == Some(WILDCARD_SCALE) {
                    return Err(Unsupported::new(
                        "a quantified permission in a predicate folded at a read amount",
                        e,
                    ));
                }
                let b = Blaming {
                    construct: failing,
                    ..b.clone()
                };
                self.qp(vars, body, mask, st, scale, Some(&b), e.origin, false)
            }
            _ if has_resources(e) => Err(Unsupported::new(
                "this form of assertion on the Boogie backend",
                e,
            )),
            _ => {
                let v = self.ctx.expr(e, st)?;
                self.p.check(
                    &v,
                    Check {
                        kind: b.kind.clone(),
                        reason: FailureReason::AssertionFalse,
                        failing,
                        inner: Inner::None,
                        clause: if b.clause.is_none() {
                            enclosing
                        } else {
                            b.clause
                        },
                        text: v.clone(),
                        refute: false,
                    },
                );
                Ok(())
            }
        }
    }

    /// Takes `p` of the location `loc` ("r, f", or "null, P(…)" if
    /// `of_predicate`) from `mask`.
    #[allow(clippy::too_many_arguments)]
    fn take(
        &mut self,
        loc: &str,
        p: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        b: &Blaming,
        failing: Origin,
        of_predicate: bool,
    ) -> R {
        let check = |amount: &str, cmp: &str| Check {
            kind: b.kind.clone(),
            reason: FailureReason::InsufficientPermission,
            failing,
            inner: Inner::None,
            clause: b.clause,
            text: format!("{mask}[{loc}] {cmp} {amount}"),
            refute: false,
        };
        let amount = if matches!(p.kind, ExprKind::Wildcard) || scale == Some(WILDCARD_SCALE) {
            let c = check("0.0", ">");
            self.p.check(&c.text.clone(), c);
            let w = self.p.fresh("wildcard", "real");
            self.p.line(format!("havoc {w};"));
            self.p
                .line(format!("assume 0.0 < {w} && {w} < {mask}[{loc}];"));
            w
        } else {
            let amount = self.amount(p, scale, st)?;
            if !is_literal_perm(p) {
                self.negative_check(&amount, b.kind.clone(), failing, of_predicate);
            }
            let c = check(&amount, ">=");
            self.p.check(&c.text.clone(), c);
            amount
        };
        self.p
            .line(format!("{mask}[{loc}] := {mask}[{loc}] - {amount};"));
        Ok(())
    }

    /// After an exhale from the state's mask: the values of locations no
    /// longer held are forgotten.
    pub fn forget(&mut self) {
        self.forget_unless("Mask");
    }

    /// Every location takes a new value (allocated objects stay allocated).
    pub fn forget_all(&mut self) {
        self.forget_unless("ZeroMask");
    }

    /// The heap changes where `mask` gives no permission.
    fn forget_unless(&mut self, mask: &str) {
        self.p.local("$ExhaleHeap", "HeapType");
        self.p.line("havoc $ExhaleHeap;");
        self.p.line(format!(
            "assume IdenticalOnKnownLocations(Heap, $ExhaleHeap, {mask});"
        ));
        self.step("$ExhaleHeap");
        self.p.line("Heap := $ExhaleHeap;");
    }

    /// Says that `next` (a heap) follows `Heap`, for the framing axioms that
    /// fire along heap steps only (`Info::step_framed`).
    pub fn step(&mut self, next: &str) {
        if self.ctx.info().step_framed {
            self.p.line(format!("assume weft_succ(Heap, {next});"));
        }
    }

    /// Runs `f` on the body of predicate `name` with its parameters bound
    /// to the argument texts.
    pub fn with_body<T>(
        &mut self,
        name: &str,
        args: &[String],
        at: Origin,
        f: impl FnOnce(&mut Self, &Expr) -> R<T>,
    ) -> R<T> {
        let info = self.ctx.info();
        let Some(pred) = info.predicates.get(name) else {
            return Err(Unsupported::at(format!("the unknown predicate {name}"), at));
        };
        let Some(body) = &pred.body else {
            return Err(Unsupported::at(
                format!("folding or unfolding the abstract predicate {name}"),
                at,
            ));
        };
        let texts = args.iter().map(|t| format!("({t})")).collect();
        self.bind_all(&pred.params, texts, |g| f(g, body))
    }

    /// Inhales the body of `P(args)` scaled by `p` into `mask`, and ties
    /// the heap's values to the instance's frame.
    pub fn unfold_into(
        &mut self,
        name: &str,
        args: &[String],
        p: &str,
        mask: &str,
        st: &St,
        at: Origin,
    ) -> R {
        let loc = format!("{name}({})", args.join(", "));
        // The body's own checks (injectivity) fail as the unfolding.
        let fallback = std::mem::replace(&mut self.fallback, at);
        let out = self.with_body(name, args, at, |g, body| {
            g.inhale_into(body, mask, st, Some(p), false)?;
            let frame = g.frame(body, st)?;
            g.p.line(format!("assume {}[null, {loc}] == {frame};", st.heap));
            Ok(())
        });
        self.fallback = fallback;
        out
    }

    /// The frame of an assertion's footprint in `st`'s heap: equal frames
    /// mean equal values in every location the assertion holds.
    pub fn frame(&mut self, e: &Expr, st: &St) -> R<String> {
        use ExprKind as K;
        Ok(match &e.kind {
            _ if !has_resources(e) => "EmptyFrame".into(),
            K::Binary(BinOp::And, l, r) => {
                format!(
                    "CombineFrames({}, {})",
                    self.frame(l, st)?,
                    self.frame(r, st)?
                )
            }
            K::Binary(BinOp::Implies, c, b) => format!(
                "(if {} then {} else EmptyFrame)",
                self.ctx.expr(c, st)?,
                self.frame(b, st)?
            ),
            K::Cond(c, a, b) => format!(
                "(if {} then {} else {})",
                self.ctx.expr(c, st)?,
                self.frame(a, st)?,
                self.frame(b, st)?
            ),
            K::Let(d, v, body) => {
                let v = format!("({})", self.ctx.expr(v, st)?);
                self.bind_all(std::slice::from_ref(d), vec![v], |g| g.frame(body, st))?
            }
            K::FieldAcc(r, f, _) => {
                format!("FrameFragment({}[{}, {f}])", st.heap, self.ctx.expr(r, st)?)
            }
            K::PredicateAcc(name, args, _) => format!(
                "FrameFragment({}[null, {}])",
                st.heap,
                self.ctx.predicate_loc(name, args, st)?
            ),
            K::Quant {
                q: Quantifier::Forall,
                vars,
                body,
                ..
            } => self.qp_frame(vars, body, st)?,
            _ => {
                return Err(Unsupported::new(
                    "this resource inside a predicate on the Boogie backend",
                    e,
                ))
            }
        })
    }
}

/// A literal permission amount known to be positive (`write`, `1\\2`).
fn is_positive_literal(p: &Expr) -> bool {
    match &p.kind {
        ExprKind::FullPerm => true,
        ExprKind::IntLit(n) => n.get() > 0,
        ExprKind::Binary(BinOp::PermDiv | BinOp::Div, l, r) => {
            is_positive_literal(l) && matches!(r.kind, ExprKind::IntLit(n) if n.get() > 0)
        }
        _ => false,
    }
}

/// A literal permission amount (never negative).
fn is_literal_perm(p: &Expr) -> bool {
    match &p.kind {
        ExprKind::FullPerm | ExprKind::NoPerm => true,
        ExprKind::IntLit(n) => n.get() >= 0,
        ExprKind::Binary(BinOp::PermDiv | BinOp::Div, l, r) => {
            is_literal_perm(l) && matches!(r.kind, ExprKind::IntLit(n) if n.get() > 0)
        }
        _ => false,
    }
}
