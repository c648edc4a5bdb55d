//! Quantified permissions: `forall xs :: g(xs) ==> acc(loc(xs), p(xs))`, where
//! `loc` is a field location `r(xs).f` or a predicate instance `P(e(xs))`
//! (the location `null.P(e(xs))`), over one or several variables.
//!
//! The locations must be injective on the range (`notInjective` otherwise);
//! inverses `inv_k` (local maps from a location's key — the receiver, or the
//! predicate's arguments — to the k-th variable, chosen by `havoc` and
//! `assume`) then let the mask change for all locations at once:
//! `Mask'[l] == Mask[l] ± p(inv(l))` where `l` is some `loc(xs)` in range,
//! `Mask'[l] == Mask[l]` elsewhere, and for the other fields (predicates).
//! A variable that is a key, or a key minus or plus a constant, needs no
//! map: its inverse is written out, so finding `P(3)` among `P(i + 1)` does
//! not depend on matching arithmetic.
//! Pure conjuncts under the quantifier are assumed or asserted as a whole.
//! In a predicate body, the frame of a quantified assertion is a map from
//! the variables to the frames of the instances ([`Gen::qp_frame`]).

use super::assertion::Blaming;
use super::expr::{ident, St};
use super::info::has_resources;
use super::proc::{Gen, R};
use super::ty::boogie;
use super::{Check, Inner, Unsupported};
use crate::vir::failure::{FailureKind, FailureReason};
use crate::vir::{BinOp, Expr, ExprKind, LocalDecl, Origin};

mod frame;
mod inverse;

use inverse::Keys;

/// One conjunct under the quantifier with the guards above it.
struct Leaf<'e> {
    guards: Vec<&'e Expr>,
    leaf: &'e Expr,
}

fn leaves<'e>(e: &'e Expr, guards: &mut Vec<&'e Expr>, out: &mut Vec<Leaf<'e>>) {
    match &e.kind {
        ExprKind::Binary(BinOp::Implies, c, b) => {
            guards.push(c);
            leaves(b, guards, out);
            guards.pop();
        }
        ExprKind::Binary(BinOp::And, l, r) if has_resources(e) => {
            leaves(l, guards, out);
            leaves(r, guards, out);
        }
        _ => out.push(Leaf {
            guards: guards.clone(),
            leaf: e,
        }),
    }
}

/// `g1 ⟹ … ⟹ e` for the guards `gs` (outermost first), each implication
/// of origin `origin`.
fn under(gs: &[&Expr], e: Expr, origin: Origin) -> Expr {
    gs.iter().rev().fold(e, |b, g| {
        Expr::new(
            ExprKind::Binary(BinOp::Implies, Box::new((*g).clone()), Box::new(b)),
            origin,
        )
    })
}

/// `∀ vars. body`, with no trigger of its own.
fn forall(vars: &[LocalDecl], body: Expr, origin: Origin) -> Expr {
    Expr::new(
        ExprKind::Quant {
            q: crate::vir::Quantifier::Forall,
            vars: vars.into(),
            triggers: Box::default(),
            body: Box::new(body),
        },
        origin,
    )
}

/// The family of locations a quantified leaf holds.
enum Target<'e> {
    /// `r(xs).f`
    Field(&'e Expr, &'e str),
    /// `null.P(e(xs))`
    Pred(&'e str, &'e [Expr]),
}

/// Bound variables' names with a suffix, and their Boogie binders.
fn names(vars: &[LocalDecl], suffix: &str) -> (Vec<String>, String) {
    let names: Vec<String> = vars
        .iter()
        .map(|v| format!("{}#{suffix}", ident(&v.name)))
        .collect();
    let decls = vars
        .iter()
        .zip(&names)
        .map(|(v, n)| format!("{n}: {}", boogie(&v.ty)))
        .collect::<Vec<_>>()
        .join(", ");
    (names, decls)
}

/// `a0 op b0 join a1 op b1 …`
fn pairwise(a: &[String], b: &[String], op: &str, join: &str) -> String {
    a.iter()
        .zip(b)
        .map(|(x, y)| format!("{x} {op} {y}"))
        .collect::<Vec<_>>()
        .join(join)
}

impl Gen<'_> {
    /// Inhales (`exhale` is `None`) or exhales a quantified assertion.
    #[allow(clippy::too_many_arguments)]
    pub fn qp(
        &mut self,
        vars: &[LocalDecl],
        body: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        exhale: Option<&Blaming>,
        origin: Origin,
        wd: bool,
    ) -> R {
        let here = st.with_mask(mask);
        let whole = forall(vars, body.clone(), origin);
        // An exhale's values are read with the permissions it is about to take;
        // an inhale's (`∀ i. acc(a[i]) && a[i] == 0`) with those it adds first.
        if wd && exhale.is_some() {
            self.wd(&whole, &here, origin)?;
        }
        let mut all = Vec::new();
        leaves(body, &mut Vec::new(), &mut all);
        // An inhale's locations and amounts are checked before its
        // injectivity, as Silicon does: an out-of-bounds location is
        // `arrayBounds`, whatever else it breaks.
        if wd && exhale.is_none() {
            let located: Vec<Expr> = all
                .iter()
                .filter(|l| {
                    matches!(
                        l.leaf.kind,
                        ExprKind::FieldAcc(..) | ExprKind::PredicateAcc(..)
                    )
                })
                .map(|l| under(&l.guards, l.leaf.clone(), l.leaf.origin))
                .collect();
            if let Some(b) = located.into_iter().reduce(|a, b| {
                let o = a.origin;
                Expr::new(ExprKind::Binary(BinOp::And, Box::new(a), Box::new(b)), o)
            }) {
                self.wd(&forall(vars, b, origin), &here, origin)?;
            }
        }
        let mut pure = Vec::new();
        for Leaf { guards, leaf } in all {
            let (target, perm) = match &leaf.kind {
                ExprKind::FieldAcc(r, f, p) => (Target::Field(r, f), p),
                ExprKind::PredicateAcc(name, args, p) => (Target::Pred(name, args), p),
                // `∀x. g ⟹ ∀y. R` is `∀x, y. g ⟹ R` (the launch of a GPU
                // kernel, a block of threads with two ids).
                ExprKind::Quant {
                    q: crate::vir::Quantifier::Forall,
                    vars: inner,
                    body: inner_body,
                    ..
                } if has_resources(leaf)
                    && !inner.iter().any(|v| vars.iter().any(|w| w.name == v.name)) =>
                {
                    let mut both = vars.to_vec();
                    both.extend(inner.iter().cloned());
                    let body = under(&guards, (**inner_body).clone(), leaf.origin);
                    self.qp(&both, &body, mask, st, scale, exhale, origin, false)?;
                    continue;
                }
                _ if has_resources(leaf) => {
                    return Err(Unsupported::new(
                        "this quantified resource on the Boogie backend",
                        leaf,
                    ))
                }
                _ if exhale.is_some() => {
                    self.qp_pure(vars, &guards, leaf, &here, exhale, origin)?;
                    continue;
                }
                _ => {
                    pure.push((guards, leaf));
                    continue;
                }
            };
            let q = Quantified {
                vars,
                guards: &guards,
                target,
                perm,
            };
            self.qp_loc(&q, mask, st, scale, exhale, origin)?;
        }
        if wd && exhale.is_none() {
            self.wd(&whole, &here, origin)?;
        }
        for (guards, leaf) in pure {
            self.qp_pure(vars, &guards, leaf, &here, exhale, origin)?;
        }
        Ok(())
    }

    /// The guards and a body as one Boogie formula over the bound variables.
    fn guarded_text(&mut self, guards: &[&Expr], st: &St) -> R<String> {
        let mut gs = Vec::new();
        for g in guards {
            gs.push(self.ctx.expr(g, st)?);
        }
        Ok(if gs.is_empty() {
            "true".into()
        } else {
            gs.join(" && ")
        })
    }

    fn qp_pure(
        &mut self,
        vars: &[LocalDecl],
        guards: &[&Expr],
        leaf: &Expr,
        st: &St,
        exhale: Option<&Blaming>,
        origin: Origin,
    ) -> R {
        let (ns, decls) = names(vars, "q");
        let (g, v) = self.bind_all(vars, ns, |gen| {
            Ok::<_, Unsupported>((gen.guarded_text(guards, st)?, gen.ctx.expr(leaf, st)?))
        })?;
        let formula = format!("(forall {decls} :: {g} ==> {v})");
        match exhale {
            None => self.p.line(format!("assume {formula};")),
            Some(b) => {
                let failing = if b.clause_blamed {
                    if leaf.origin.is_none() {
                        origin
                    } else {
                        leaf.origin
                    }
                } else {
                    b.construct
                };
                let failing = if failing.is_none() {
                    b.construct
                } else {
                    failing
                };
                self.p.check(
                    &formula,
                    Check {
                        kind: b.kind.clone(),
                        reason: FailureReason::AssertionFalse,
                        failing,
                        inner: Inner::None,
                        clause: b.clause,
                        text: formula.clone(),
                        refute: false,
                    },
                )
            }
        }
        Ok(())
    }

    /// The guard (with a positive amount), the location's key texts and the
    /// amount, with the bound variables standing for `index`.
    fn at(
        &mut self,
        q: &Quantified,
        index: Vec<String>,
        amount: &Amount,
        here: &St,
    ) -> R<(String, Vec<String>, String)> {
        self.bind_all(q.vars, index, |gen| {
            let g = gen.guarded_text(q.guards, here)?;
            let keys = match q.target {
                Target::Field(r, _) => vec![gen.ctx.expr(r, here)?],
                Target::Pred(_, args) => gen.ctx.exprs(args, here)?,
            };
            let p = match amount {
                Amount::Wildcard(w) => w.clone(),
                Amount::Scaled(scale) => {
                    let p = gen.ctx.as_type(q.perm, true, here)?;
                    match scale {
                        Some(s) => format!("({s} * {p})"),
                        None => p,
                    }
                }
            };
            Ok((format!("({g} && 0.0 < {p})"), keys, p))
        })
    }

    /// A quantified field or predicate permission, inhaled or exhaled.
    fn qp_loc(
        &mut self,
        q: &Quantified,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        exhale: Option<&Blaming>,
        origin: Origin,
    ) -> R {
        let here = st.with_mask(mask);
        let keys = self.keys(&q.target, origin)?;
        let wildcard = matches!(q.perm.kind, ExprKind::Wildcard);
        let amount = if wildcard {
            let w = self.p.fresh("wildcard", "real");
            self.p.line(format!("havoc {w};"));
            self.p.line(format!("assume 0.0 < {w};"));
            Amount::Wildcard(w)
        } else {
            Amount::Scaled(scale.map(str::to_string))
        };
        let failing = match exhale {
            _ if !origin.is_none() => origin,
            Some(b) => b.construct,
            None => self.fallback,
        };
        let kind = exhale.map_or(FailureKind::InhaleFailed, |b| b.kind.clone());
        self.injectivity(q, &amount, &here, kind, failing)?;
        let (is, decls) = names(q.vars, "i");
        let (cond, ts, p) = self.at(q, is, &amount, &here)?;
        let loc = keys.loc(&ts);
        if let Some(b) = exhale {
            let (cmp, need) = match &amount {
                Amount::Wildcard(_) => (">", "0.0".to_string()),
                Amount::Scaled(_) => (">=", p.clone()),
            };
            let text = format!("(forall {decls} :: {cond} ==> {mask}[{loc}] {cmp} {need})");
            self.p.check(
                &text,
                Check {
                    kind: b.kind.clone(),
                    reason: FailureReason::InsufficientPermission,
                    failing: b.construct,
                    inner: Inner::None,
                    clause: b.clause,
                    text: text.clone(),
                    refute: false,
                },
            );
            if let Amount::Wildcard(w) = &amount {
                self.p.line(format!(
                    "assume (forall {decls} :: {cond} ==> {w} < {mask}[{loc}]);"
                ));
            }
        }
        let at_keys = self.inverses(q, &keys, &amount, &here)?;
        if exhale.is_none() {
            if let Target::Field(..) = q.target {
                self.p.line(format!(
                    "assume (forall {decls} :: {cond} ==> {} != null);",
                    ts[0]
                ));
            }
        }
        let sign = if exhale.is_some() { "-" } else { "+" };
        self.update_mask(&keys, mask, sign, at_keys);
        Ok(())
    }
}

impl Gen<'_> {
    /// Checks that distinct values of the variables in range have distinct
    /// locations.
    fn injectivity(
        &mut self,
        q: &Quantified,
        amount: &Amount,
        here: &St,
        kind: FailureKind,
        failing: Origin,
    ) -> R {
        let (is, decls) = names(q.vars, "i");
        let (is2, decls2) = names(q.vars, "i2");
        let (cond, ts, _) = self.at(q, is.clone(), amount, here)?;
        let (cond2, ts2, _) = self.at(q, is2.clone(), amount, here)?;
        self.p.check(
            &format!(
                "(forall {decls}, {decls2} :: ({}) && {cond} && {cond2} ==> {})",
                pairwise(&is, &is2, "!=", " || "),
                pairwise(&ts, &ts2, "!=", " || ")
            ),
            Check {
                kind,
                reason: FailureReason::NotInjective,
                failing,
                inner: Inner::None,
                clause: Origin::NONE,
                text: String::new(),
                refute: false,
            },
        );
        Ok(())
    }

    /// `mask` changes by `sign` the amount at the locations the quantifier
    /// holds (`(cond, keys, amount)` over the key names, from the inverses)
    /// and nowhere else.
    fn update_mask(
        &mut self,
        keys: &Keys,
        mask: &str,
        sign: &str,
        (cond_k, ts_k, p_k): (String, Vec<String>, String),
    ) {
        let key_names: Vec<String> = keys.decls.iter().map(|(n, _)| n.clone()).collect();
        let key_decls = keys.binders();
        let hit = format!("{cond_k} && {}", pairwise(&ts_k, &key_names, "==", " && "));
        let qm = self.p.fresh("QPMask", "MaskType");
        let at_key = keys.loc(&key_names);
        self.p.line(format!("havoc {qm};"));
        self.p.line(format!(
            "assume (forall {key_decls} :: {{{qm}[{at_key}]}} ({hit} ==> {qm}[{at_key}] == {mask}[{at_key}] {sign} {p_k}) && (!({hit}) ==> {qm}[{at_key}] == {mask}[{at_key}]));"
        ));
        self.p.line(format!(
            "assume (forall<A> $o: Ref, $g: Field A :: {{{qm}[$o, $g]}} {} ==> {qm}[$o, $g] == {mask}[$o, $g]);",
            keys.others
        ));
        self.p.line(format!("{mask} := {qm};"));
        self.p.line(format!("assume GoodMask({mask});"));
    }
}

/// A quantified field or predicate permission: the variables, the guards
/// above it, its locations and its amount.
struct Quantified<'q> {
    vars: &'q [LocalDecl],
    guards: &'q [&'q Expr],
    target: Target<'q>,
    perm: &'q Expr,
}

/// The amount of each location: one wildcard for all, or the expression
/// (times the scale of an enclosing fold or unfold).
enum Amount {
    Wildcard(String),
    Scaled(Option<String>),
}

#[cfg(test)]
mod tests;
