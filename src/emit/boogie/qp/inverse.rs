//! Inverting a quantified permission's locations: the names of a
//! location's key, the inverse of each variable (written out when a key is
//! the variable plus or minus a constant, else a map chosen by `assume`),
//! and the triggers of those assumptions.

use super::{pairwise, Amount, Quantified, Target};
use crate::emit::boogie::expr::{ident, St};
use crate::emit::boogie::info::visit;
use crate::emit::boogie::proc::{Gen, R};
use crate::emit::boogie::ty::boogie;
use crate::emit::boogie::Unsupported;
use crate::vir::{BinOp, Expr, ExprKind, LocalDecl, Origin, Type};

/// How a quantified leaf's locations are named in Boogie.
pub(super) struct Keys {
    /// Binders of a location's key (`$o: Ref`, or the predicate's arguments).
    pub(super) decls: Vec<(String, String)>,
    /// The field, or the predicate (`None`).
    field: Option<String>,
    /// The predicate's name, for a predicate.
    name: String,
    /// The locations the update leaves alone: what the condition is on `$o`, `$g`.
    pub(super) others: String,
}

impl Keys {
    /// `$a0: T0, …`
    pub(super) fn binders(&self) -> String {
        self.decls
            .iter()
            .map(|(n, t)| format!("{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The mask index of the location with the given key texts.
    pub(super) fn loc(&self, k: &[String]) -> String {
        match &self.field {
            Some(f) => format!("{}, {f}", k[0]),
            None => format!("null, {}({})", self.name, k.join(", ")),
        }
    }
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
pub(super) fn usable_trigger(text: &str, vars: &[String]) -> bool {
    let logical = ["==", "!", "&&", "||", "<", ">", "if "];
    vars.iter().all(|x| mentions(text, x))
        && !vars.iter().any(|x| x == text)
        && !logical.iter().any(|op| text.contains(op))
}

/// Whether `text` mentions the name `x` (not as part of a longer name).
pub(super) fn mentions(text: &str, x: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '_' || c == '#' || c == '$';
    text.match_indices(x).any(|(k, _)| {
        let before = text[..k].chars().next_back();
        let after = text[k + x.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

impl Gen<'_> {
    /// The Boogie names of a target's locations.
    pub(super) fn keys(&self, target: &Target, origin: Origin) -> R<Keys> {
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

    /// The inverses of the locations: after this, `(cond, keys, amount)` at
    /// the returned texts over the key names (`$o`, `$a0`…) say whether a
    /// location is held by the quantifier, which `loc(xs)` it is, and how much.
    pub(super) fn inverses(
        &mut self,
        q: &Quantified,
        keys: &Keys,
        amount: &Amount,
        here: &St,
    ) -> R<(String, Vec<String>, String)> {
        // Inverses: a variable that is a key (plus or minus a constant) is
        // that key (minus or plus it), which needs no matching on arithmetic;
        // any other gets a map from a location's key.
        let key_types: Vec<&str> = keys.decls.iter().map(|(_, t)| t.as_str()).collect();
        let key_names: Vec<String> = keys.decls.iter().map(|(n, _)| n.clone()).collect();
        let key_decls = keys.binders();
        let mut invs: Vec<Option<String>> = Vec::new();
        let mut explicit = Vec::new();
        for v in q.vars {
            match self.explicit_inverse(q, v, &keys.decls, here)? {
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
        let (binders, index) = self.shifted_index(q, here)?;
        let mapped: Vec<String> = invs
            .iter()
            .zip(&index)
            .filter(|(inv, _)| inv.is_some())
            .map(|(_, i)| i.clone())
            .collect();
        if !mapped.is_empty() {
            let (cond_w, ts_w, _) = self.at(q, index.clone(), amount, here)?;
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
        let (cond_k, ts_k, p_k) = self.at(q, inv_keys, amount, here)?;
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
        Ok((cond_k, ts_k, p_k))
    }
}
