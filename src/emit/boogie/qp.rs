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
use super::info::{has_resources, visit};
use super::proc::{Gen, R};
use super::ty::boogie;
use super::{Check, Inner, Unsupported};
use crate::backend::{FailureKind, FailureReason};
use crate::vir::{BinOp, Expr, ExprKind, LocalDecl, Origin, Type};

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

/// The family of locations a quantified leaf holds.
enum Target<'e> {
    /// `r(xs).f`
    Field(&'e Expr, &'e str),
    /// `null.P(e(xs))`
    Pred(&'e str, &'e [Expr]),
}

/// How a quantified leaf's locations are named in Boogie.
struct Keys {
    /// Binders of a location's key (`$o: Ref`, or the predicate's arguments).
    decls: Vec<(String, String)>,
    /// The field, or the predicate (`None`).
    field: Option<String>,
    /// The predicate's name, for a predicate.
    name: String,
    /// The locations the update leaves alone: what the condition is on `$o`, `$g`.
    others: String,
}

impl Keys {
    /// The mask index of the location with the given key texts.
    fn loc(&self, k: &[String]) -> String {
        match &self.field {
            Some(f) => format!("{}, {f}", k[0]),
            None => format!("null, {}({})", self.name, k.join(", ")),
        }
    }
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

/// `(c, op)` when `e` is `v + c`, `c + v` or `v - c` with `c` free of the
/// variables: `v` is then `e op c`.
fn offset<'e>(e: &'e Expr, v: &str, vars: &[LocalDecl]) -> Option<(&'e Expr, &'static str)> {
    let is_v = |e: &Expr| matches!(&e.kind, ExprKind::Local(x) if x == v);
    let free = |e: &Expr| {
        let mut free = true;
        visit(e, &mut |x| {
            if let ExprKind::Local(n) = &x.kind {
                free &= !vars.iter().any(|d| d.name == *n);
            }
        });
        free
    };
    match &e.kind {
        ExprKind::Binary(BinOp::Add, a, c) if is_v(a) && free(c) => Some((c, "-")),
        ExprKind::Binary(BinOp::Add, c, a) if is_v(a) && free(c) => Some((c, "-")),
        ExprKind::Binary(BinOp::Sub, a, c) if is_v(a) && free(c) => Some((c, "+")),
        _ => None,
    }
}

/// Whether Boogie takes `text` as a trigger over the variables `vars`: it
/// mentions each, is more than one, and has no logical operators.
fn usable_trigger(text: &str, vars: &[String]) -> bool {
    let logical = ["==", "!", "&&", "||", "<", ">", "if "];
    vars.iter().all(|x| mentions(text, x))
        && !vars.iter().any(|x| x == text)
        && !logical.iter().any(|op| text.contains(op))
}

/// Whether `text` mentions the name `x` (not as part of a longer name).
fn mentions(text: &str, x: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '_' || c == '#' || c == '$';
    text.match_indices(x).any(|(k, _)| {
        let before = text[..k].chars().next_back();
        let after = text[k + x.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
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
            let (target, perm) = match &leaf.kind {
                ExprKind::FieldAcc(r, f, p) => (Target::Field(r, f), p),
                ExprKind::PredicateAcc(name, args, p) => (Target::Pred(name, args), p),
                _ if has_resources(leaf) => {
                    return Err(Unsupported::new(
                        "this quantified resource on the Boogie backend",
                        leaf,
                    ))
                }
                _ => {
                    self.qp_pure(vars, &guards, leaf, &here, exhale, origin)?;
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

    /// The frame of a quantified assertion in `st`'s heap: a map from the
    /// variables to the frame of the body there, defined pointwise. Besides
    /// its own reads, a read of a location the body holds instantiates the
    /// definition, so that equal maps (from equal frames of a predicate
    /// instance) give equal values at the locations read.
    pub fn qp_frame(&mut self, vars: &[LocalDecl], body: &Expr, st: &St) -> R<String> {
        let (is, decls) = names(vars, "f");
        let types: Vec<String> = vars.iter().map(|v| boogie(&v.ty)).collect();
        let map = self
            .p
            .fresh("qpFrame", &format!("[{}]Frame", types.join(", ")));
        let (value, reads) = self.bind_all(vars, is.clone(), |g| {
            let value = g.frame(body, st)?;
            let mut all = Vec::new();
            leaves(body, &mut Vec::new(), &mut all);
            let mut reads = Vec::new();
            for Leaf { leaf, .. } in all {
                match &leaf.kind {
                    ExprKind::FieldAcc(r, f, _) => {
                        reads.push(format!("{}[{}, {f}]", st.heap, g.ctx.expr(r, st)?))
                    }
                    ExprKind::PredicateAcc(name, args, _) => reads.push(format!(
                        "{}[null, {}]",
                        st.heap,
                        g.ctx.predicate_loc(name, args, st)?
                    )),
                    _ => {}
                }
            }
            Ok::<_, Unsupported>((value, reads))
        })?;
        let at = format!("{map}[{}]", is.join(", "));
        let mut triggers = format!("{{{at}}}");
        for r in reads {
            if usable_trigger(&r, &is) {
                triggers.push_str(&format!(" {{{r}}}"));
            }
        }
        self.p.line(format!("havoc {map};"));
        self.p.line(format!(
            "assume (forall {decls} :: {triggers} {at} == {value});"
        ));
        Ok(format!("FrameFragment({map})"))
    }

    /// The Boogie names of a target's locations.
    fn keys(&self, target: &Target, origin: Origin) -> R<Keys> {
        Ok(match *target {
            Target::Field(_, f) => Keys {
                decls: vec![("$o".into(), "Ref".into())],
                others: format!("$g != {f}"),
                field: Some(f.to_string()),
                name: String::new(),
            },
            Target::Pred(name, _) => {
                let info = self.ctx.info();
                let (Some(pred), Some(id)) =
                    (info.predicates.get(name), info.predicate_ids.get(name))
                else {
                    return Err(Unsupported::at(
                        format!("the unknown predicate {name}"),
                        origin,
                    ));
                };
                if pred.params.is_empty() {
                    return Err(Unsupported::at(
                        format!("quantified permissions over {name}, which has no parameters, on the Boogie backend"),
                        origin,
                    ));
                }
                Keys {
                    decls: pred
                        .params
                        .iter()
                        .enumerate()
                        .map(|(j, d)| (format!("$a{j}"), boogie(&d.ty)))
                        .collect(),
                    others: format!(
                        "$o != null || !IsPredicateField($g) || PredicateId($g) != {id}"
                    ),
                    field: None,
                    name: name.to_string(),
                }
            }
        })
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

    /// The inverse of variable `v` as a text over the key names, when some
    /// key is `v`, `v + c`, `c + v` or `v - c` for a `c` free of the variables.
    fn explicit_inverse(
        &mut self,
        q: &Quantified,
        v: &LocalDecl,
        keys: &[(String, String)],
        here: &St,
    ) -> R<Option<String>> {
        let exprs: &[Expr] = match &q.target {
            Target::Field(r, _) => std::slice::from_ref(*r),
            Target::Pred(_, args) => args,
        };
        for (e, (k, ty)) in exprs.iter().zip(keys) {
            if matches!(&e.kind, ExprKind::Local(x) if *x == v.name) {
                return Ok(Some(k.clone()));
            }
            if ty != "int" {
                continue;
            }
            if let Some((c, op)) = offset(e, &v.name, q.vars) {
                let c = self.ctx.expr(c, here)?;
                return Ok(Some(format!("({k} {op} {c})")));
            }
        }
        Ok(None)
    }

    /// Binders and index texts for the axiom from the variables to the
    /// inverses: a variable `v` that occurs as `v + c` (or `v - c`) inside
    /// a location is bound as `w` and read as `w - c` (`w + c`), so that the
    /// trigger holds `w` where the location held `v + c` (Z3 folds the
    /// arithmetic) and matches `a[3]` for `a[i + 1]`.
    fn shifted_index(&mut self, q: &Quantified, here: &St) -> R<(Vec<String>, Vec<String>)> {
        let exprs: &[Expr] = match &q.target {
            Target::Field(r, _) => std::slice::from_ref(*r),
            Target::Pred(_, args) => args,
        };
        let (mut binders, mut index) = (Vec::new(), Vec::new());
        for v in q.vars {
            let mut found = None;
            if v.ty == Type::Int {
                for e in exprs {
                    visit(e, &mut |x| {
                        if found.is_none() {
                            found = offset(x, &v.name, q.vars).map(|(c, op)| (c.clone(), op));
                        }
                    });
                }
            }
            match found {
                Some((c, op)) => {
                    let w = format!("{}#w", ident(&v.name));
                    let c = self.ctx.expr(&c, here)?;
                    index.push(format!("({w} {op} {c})"));
                    binders.push(w);
                }
                None => {
                    let i = format!("{}#i", ident(&v.name));
                    index.push(i.clone());
                    binders.push(i);
                }
            }
        }
        Ok((binders, index))
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
        let (is, decls) = names(q.vars, "i");
        let (is2, decls2) = names(q.vars, "i2");
        let (cond, ts, p) = self.at(q, is.clone(), &amount, &here)?;
        let (cond2, ts2, _) = self.at(q, is2.clone(), &amount, &here)?;
        let loc = keys.loc(&ts);
        let failing = match exhale {
            _ if !origin.is_none() => origin,
            Some(b) => b.construct,
            None => self.fallback,
        };
        // Injectivity of the locations on the range.
        self.p.check(
            &format!(
                "(forall {decls}, {decls2} :: ({}) && {cond} && {cond2} ==> {})",
                pairwise(&is, &is2, "!=", " || "),
                pairwise(&ts, &ts2, "!=", " || ")
            ),
            Check {
                kind: exhale.map_or(FailureKind::InhaleFailed, |b| b.kind.clone()),
                reason: FailureReason::NotInjective,
                failing,
                inner: Inner::None,
                clause: Origin::NONE,
                text: String::new(),
                refute: false,
            },
        );
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
        // Inverses: a variable that is a key (plus or minus a constant) is
        // that key (minus or plus it), which needs no matching on arithmetic;
        // any other gets a map from a location's key.
        let key_types: Vec<&str> = keys.decls.iter().map(|(_, t)| t.as_str()).collect();
        let key_names: Vec<String> = keys.decls.iter().map(|(n, _)| n.clone()).collect();
        let key_decls = keys
            .decls
            .iter()
            .map(|(n, t)| format!("{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut invs: Vec<Option<String>> = Vec::new();
        let mut explicit = Vec::new();
        for v in q.vars {
            match self.explicit_inverse(q, v, &keys.decls, &here)? {
                Some(text) => {
                    explicit.push(Some(text));
                    invs.push(None);
                }
                None => {
                    let ty = format!("[{}]{}", key_types.join(", "), boogie(&v.ty));
                    let inv = self.p.fresh("qpInverse", &ty);
                    self.p.line(format!("havoc {inv};"));
                    explicit.push(None);
                    invs.push(Some(inv));
                }
            }
        }
        // The maps' entries at key texts `k`.
        let map_at = |k: &[String]| -> Vec<String> {
            invs.iter()
                .flatten()
                .map(|inv| format!("{inv}[{}]", k.join(", ")))
                .collect()
        };
        let (binders, index) = self.shifted_index(q, &here)?;
        let mapped: Vec<String> = invs
            .iter()
            .zip(&index)
            .filter(|(inv, _)| inv.is_some())
            .map(|(_, i)| i.clone())
            .collect();
        if !mapped.is_empty() {
            let (cond_w, ts_w, _) = self.at(q, index.clone(), &amount, &here)?;
            let trigger = match q.target {
                Target::Field(..) => ts_w.join(", "),
                Target::Pred(name, _) => format!("{name}({})", ts_w.join(", ")),
            };
            // Z3 picks the patterns where the location is no valid trigger.
            let trigger = if usable_trigger(&trigger, &binders) {
                format!("{{{trigger}}} ")
            } else {
                String::new()
            };
            let binder_decls = binders
                .iter()
                .zip(q.vars)
                .map(|(b, v)| format!("{b}: {}", boogie(&v.ty)))
                .collect::<Vec<_>>()
                .join(", ");
            self.p.line(format!(
                "assume (forall {binder_decls} :: {trigger}{cond_w} ==> {});",
                pairwise(&map_at(&ts_w), &mapped, "==", " && ")
            ));
        }
        let mut maps = map_at(&key_names).into_iter();
        let inv_keys: Vec<String> = explicit
            .into_iter()
            .map(|e| e.or_else(|| maps.next()).unwrap_or_default())
            .collect();
        let (cond_k, ts_k, p_k) = self.at(q, inv_keys, &amount, &here)?;
        let hit = format!("{cond_k} && {}", pairwise(&ts_k, &key_names, "==", " && "));
        if !mapped.is_empty() {
            let inv_triggers: String = map_at(&key_names)
                .iter()
                .map(|t| format!("{{{t}}} "))
                .collect();
            self.p.line(format!(
                "assume (forall {key_decls} :: {inv_triggers}{cond_k} ==> {});",
                pairwise(&ts_k, &key_names, "==", " && ")
            ));
        }
        if exhale.is_none() {
            if let Target::Field(..) = q.target {
                self.p.line(format!(
                    "assume (forall {decls} :: {cond} ==> {} != null);",
                    ts[0]
                ));
            }
        }
        let sign = if exhale.is_some() { "-" } else { "+" };
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
        Ok(())
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
mod tests {
    use super::{mentions, pairwise, usable_trigger};
    use crate::driver::{emit_text, Backend};
    use crate::syntax::span::Files;

    fn boogie_of(src: &str) -> String {
        let mut files = Files::new();
        let id = files.add("t.pvl", src);
        match emit_text(&files, &[id], Backend::Boogie) {
            Ok(text) => text,
            Err(e) => panic!("not emitted: {e:?}"),
        }
    }

    #[test]
    fn names_are_found_whole() {
        assert!(mentions("f(i#i, 1)", "i#i"));
        assert!(!mentions("f(xi#i)", "i#i"));
        assert!(!mentions("f(i#i2)", "i#i"));
    }

    #[test]
    fn triggers_boogie_rejects_are_left_out() {
        let vars = ["i#i".to_string(), "j#i".to_string()];
        assert!(usable_trigger("P(this, i#i, j#i)", &vars));
        assert!(!usable_trigger("P(this, i#i)", &vars));
        assert!(!usable_trigger("i#i", &vars[..1]));
        assert!(!usable_trigger(
            "P((if x == 0 then i#i else j#i), j#i)",
            &vars
        ));
        assert_eq!(
            pairwise(&vars, &vars, "!=", " || "),
            "i#i != i#i || j#i != j#i"
        );
    }

    #[test]
    fn predicate_instances_update_only_that_predicate() {
        let text = boogie_of(
            "class C { resource tok(int i, int j) = true;\n\
             requires (\\forall* int i; 0 <= i && i < 4; tok(i, 2 * i)); void m() { } }",
        );
        // The first argument is i itself: no map is needed.
        assert!(!text.contains("$qpInverse"), "{text}");
        assert!(text.contains("PredicateId($g) != 0"), "{text}");
        assert!(text.contains("null, C__tok($a0, $a1, $a2)"), "{text}");
    }

    #[test]
    fn keys_off_by_a_constant_are_inverted_explicitly() {
        let text = boogie_of(
            "class C { resource tok(int i) = true;\n\
             requires (\\forall* int i; 0 <= i && i < 4; tok(i + 1)); void m() { } }",
        );
        assert!(!text.contains("$qpInverse"), "{text}");
        assert!(text.contains("($a1 - 1)"), "{text}");
        let text = boogie_of(
            "class C { resource tok(int i) = true;\n\
             requires (\\forall* int i; 0 <= i && i < 4; tok(2 * i)); void m() { } }",
        );
        assert!(text.contains("$qpInverse"), "{text}");
    }

    #[test]
    fn array_elements_at_an_offset_are_triggered_without_it() {
        let text = boogie_of(
            "class C { requires a != null;\n\
             requires (\\forall* int i; 0 <= i && i < 4; Perm(a[i + 1], write)); void m(int[] a) { } }",
        );
        assert!(
            text.contains("(forall i#w: int :: {weft_loc(a, ((i#w - 1) + 1))}"),
            "{text}"
        );
    }

    #[test]
    fn two_variables_get_a_map_each() {
        let text = boogie_of(
            "class C { resource tok(int i) = true;\n\
             requires (\\forall* int i, int j; 0 <= i && i < 4 && 0 <= j && j < 4; tok(4 * i + j)); void m() { } }",
        );
        assert!(text.contains("[Ref, int]int"), "{text}");
        assert_eq!(text.matches("var $qpInverse").count(), 2, "{text}");
    }

    #[test]
    fn a_quantified_body_has_a_pointwise_frame() {
        let text = boogie_of(
            "class C { resource all(int[] a) = a != null ** (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1));\n\
             requires all(a); void m(int[] a) { unfold all(a); } }",
        );
        assert!(text.contains("FrameFragment($qpFrame"), "{text}");
        assert!(text.contains("{Heap[weft_loc"), "{text}");
    }
}
