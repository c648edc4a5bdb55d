//! Quantified permissions: `forall i :: g(i) ==> acc(r(i).f, p(i))`, also
//! over several variables (`forall i, j :: …`, as `m[i][j]` needs).
//!
//! The receivers must be injective on the range (`notInjective` otherwise);
//! an inverse `inv` (a local map per variable, chosen by `havoc` and
//! `assume`) then lets the mask change for all locations at once:
//! `Mask'[o, f] == Mask[o, f] ± p(inv[o])` where `o` is some `r(i)` in
//! range, `Mask'[o, f] == Mask[o, f]` elsewhere and for the other fields.
//! Pure conjuncts under the quantifier are assumed or asserted as a whole.

use super::assertion::Blaming;
use super::expr::{ident, St};
use super::info::has_resources;
use super::proc::{Gen, R};
use super::ty::boogie;
use super::{Check, Inner, Unsupported};
use crate::backend::{FailureKind, FailureReason};
use crate::vir::{BinOp, Expr, ExprKind, LocalDecl, Origin};

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
        if wd {
            let whole = Expr::new(
                ExprKind::Quant {
                    q: crate::vir::Quantifier::Forall,
                    vars: vars.to_vec(),
                    triggers: Vec::new(),
                    body: Box::new(body.clone()),
                },
                origin,
            );
            self.wd(&whole, &here, origin)?;
        }
        let mut all = Vec::new();
        leaves(body, &mut Vec::new(), &mut all);
        for Leaf { guards, leaf } in all {
            match &leaf.kind {
                ExprKind::FieldAcc(r, f, p) => {
                    self.qp_field(vars, &guards, r, f, p, mask, st, scale, exhale, origin)?
                }
                _ if has_resources(leaf) => {
                    return Err(Unsupported::new(
                        "this quantified resource on the Boogie backend",
                        leaf,
                    ))
                }
                _ => self.qp_pure(vars, &guards, leaf, &here, exhale, origin)?,
            }
        }
        Ok(())
    }

    /// The guards and a body as one Boogie formula over the bound variable.
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
        let names: Vec<String> = vars.iter().map(|v| ident(&v.name)).collect();
        let decl = typed(vars, &names);
        let (g, v) = self.bind_all(vars, names, |gen| {
            Ok::<_, Unsupported>((gen.guarded_text(guards, st)?, gen.ctx.expr(leaf, st)?))
        })?;
        let formula = format!("(forall {decl} :: {g} ==> {v})");
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

    #[allow(clippy::too_many_arguments)]
    fn qp_field(
        &mut self,
        vars: &[LocalDecl],
        guards: &[&Expr],
        recv: &Expr,
        field: &str,
        perm: &Expr,
        mask: &str,
        st: &St,
        scale: Option<&str>,
        exhale: Option<&Blaming>,
        origin: Origin,
    ) -> R {
        let here = st.with_mask(mask);
        let wildcard = matches!(perm.kind, ExprKind::Wildcard);
        let w = if wildcard {
            let w = self.p.fresh("wildcard", "real");
            self.p.line(format!("havoc {w};"));
            self.p.line(format!("assume 0.0 < {w};"));
            Some(w)
        } else {
            None
        };
        // Texts of the guard, receiver and amount for given index texts.
        let at = |gen: &mut Self, index: Vec<String>| -> R<(String, String, String)> {
            gen.bind_all(vars, index, |gen| {
                let g = gen.guarded_text(guards, &here)?;
                let r = gen.ctx.expr(recv, &here)?;
                let p = match &w {
                    Some(w) => w.clone(),
                    None => {
                        let p = gen.ctx.as_type(perm, true, &here)?;
                        match scale {
                            Some(s) => format!("({s} * {p})"),
                            None => p,
                        }
                    }
                };
                Ok((format!("({g} && 0.0 < {p})"), r, p))
            })
        };
        let is: Vec<String> = vars
            .iter()
            .map(|v| format!("{}#i", ident(&v.name)))
            .collect();
        let is2: Vec<String> = is.iter().map(|i| format!("{i}2")).collect();
        let (cond, r, p) = at(self, is.clone())?;
        let (cond2, r2, _) = at(self, is2.clone())?;
        let decl = typed(vars, &is);
        let decl2 = typed(vars, &is2);
        let differ = is
            .iter()
            .zip(&is2)
            .map(|(a, b)| format!("{a} != {b}"))
            .collect::<Vec<_>>()
            .join(" || ");
        let blaming = exhale.cloned();
        let failing_of = |b: &Option<Blaming>| b.as_ref().map_or(origin, |b| b.construct);
        // Injectivity of the receivers on the range.
        self.p.check(
            &format!("(forall {decl}, {decl2} :: ({differ}) && {cond} && {cond2} ==> {r} != {r2})"),
            Check {
                kind: blaming
                    .as_ref()
                    .map_or(FailureKind::InhaleFailed, |b| b.kind.clone()),
                reason: FailureReason::NotInjective,
                failing: if origin.is_none() {
                    failing_of(&blaming)
                } else {
                    origin
                },
                inner: Inner::None,
                clause: Origin::NONE,
                text: String::new(),
                refute: false,
            },
        );
        if let Some(b) = &blaming {
            let cmp = if wildcard { ">" } else { ">=" };
            let need = if wildcard {
                "0.0".to_string()
            } else {
                p.clone()
            };
            let text = format!("(forall {decl} :: {cond} ==> {mask}[{r}, {field}] {cmp} {need})");
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
            if let Some(w) = &w {
                self.p.line(format!(
                    "assume (forall {decl} :: {cond} ==> {w} < {mask}[{r}, {field}]);"
                ));
            }
        }
        let invs: Vec<String> = vars
            .iter()
            .map(|v| {
                let inv = self
                    .p
                    .fresh("qpInverse", &format!("[Ref]{}", boogie(&v.ty)));
                self.p.line(format!("havoc {inv};"));
                inv
            })
            .collect();
        let inverted = invs
            .iter()
            .zip(&is)
            .map(|(inv, i)| format!("{inv}[{r}] == {i}"))
            .collect::<Vec<_>>()
            .join(" && ");
        self.p.line(format!(
            "assume (forall {decl} :: {{{r}}} {cond} ==> {inverted});"
        ));
        let at_o: Vec<String> = invs.iter().map(|inv| format!("{inv}[$o]")).collect();
        let (cond_o, r_o, p_o) = at(self, at_o.clone())?;
        self.p.line(format!(
            "assume (forall $o: Ref :: {{{}}} {cond_o} ==> {r_o} == $o);",
            at_o[0]
        ));
        if blaming.is_none() {
            self.p
                .line(format!("assume (forall {decl} :: {cond} ==> {r} != null);"));
        }
        let sign = if blaming.is_some() { "-" } else { "+" };
        let q = self.p.fresh("QPMask", "MaskType");
        self.p.line(format!("havoc {q};"));
        self.p.line(format!(
            "assume (forall $o: Ref :: {{{q}[$o, {field}]}} ({cond_o} && {r_o} == $o ==> {q}[$o, {field}] == {mask}[$o, {field}] {sign} {p_o}) && (!({cond_o} && {r_o} == $o) ==> {q}[$o, {field}] == {mask}[$o, {field}]));"
        ));
        self.p.line(format!(
            "assume (forall<A> $o: Ref, $g: Field A :: {{{q}[$o, $g]}} $g != {field} ==> {q}[$o, $g] == {mask}[$o, $g]);"
        ));
        self.p.line(format!("{mask} := {q};"));
        self.p.line(format!("assume GoodMask({mask});"));
        Ok(())
    }
}

/// `i: int, j: int` for the variables under the names given.
fn typed(vars: &[LocalDecl], names: &[String]) -> String {
    vars.iter()
        .zip(names)
        .map(|(v, n)| format!("{n}: {}", boogie(&v.ty)))
        .collect::<Vec<_>>()
        .join(", ")
}
